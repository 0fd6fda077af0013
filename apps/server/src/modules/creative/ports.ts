import type { Caller } from '../../access/caller.js';
import type { MaterialService } from '../material/service.js';

/**
 * What the production line asks of other modules, each answered by its owner (production-line.ts
 * wires them): a merchant's facts from account and area, its materials from footage, and a
 * post from video. The creative module never reads their tables.
 */

/** A merchant as its settle form describes it. */
export interface MerchantFacts {
  id: number;
  /** The party name (company short name, else name, …). */
  name: string;
  companyShortName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  timeZone: string;
  /** Its plan is paid and running: the daily plan makes videos only then. */
  planActive: boolean;
  /** The studio that serves it, or null. */
  studioId: number | null;
}

export interface Merchants {
  /** null when there is no such merchant (client account). */
  factsOf(merchantId: number): Promise<MerchantFacts | null>;
  /** How many merchants a studio serves (its render queue is sized by them). */
  clientsOfStudio(studioId: number): Promise<number>;
}

export type Materials = Pick<MaterialService, 'mediaOf' | 'libraryOf' | 'addRendered' | 'markUsed'>;

/** A draft handed to publishing: a post of the rendered material, in the caller's name. */
export interface DraftPost {
  merchantId: number;
  footageId: number;
  title: string;
  language: 'en' | 'es' | 'zh';
  caption: string;
  hashtags: string[];
  /** Each chosen platform's own caption as the script has it (the others get `caption`). */
  platformCaptions?: { platform: string; caption: string; hashtags: string[] }[];
  /** Left out: the merchant's connected platforms, or the sandbox when it has none. */
  platforms: string[] | null;
  scheduleAt: Date | null;
  requireApproval: boolean;
}

export interface Posts {
  /** Creates and submits the post; its id. */
  publish(caller: Caller, draft: DraftPost): Promise<number>;
  /** The platforms a merchant has connected and can post to now. */
  connectedPlatforms(merchantId: number): Promise<string[]>;
}
