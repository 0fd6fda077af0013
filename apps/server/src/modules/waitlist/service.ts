import { isStaff, WAITLIST_HOLD_HOURS, type api, type ParsedRequestOf, type WaitlistEntry } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, Caller } from '../../access/caller.js';
import { hasActivePlan } from '../../access/plan.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { conflict, notFound, rejected } from '../../errors.js';
import { periodicPass, type AnyJob } from '../../jobs/queue.js';
import { cardName } from '../account/presenter.js';
import type { AccountService } from '../account/service.js';
import type { AreaService } from '../area/service.js';
import type { AuditService } from '../audit/service.js';
import type { EventService, Subscriber } from '../events/service.js';
import * as repo from './repository.js';
import type { WaitlistRow } from './repository.js';

type Body<K extends keyof typeof api.area> = ParsedRequestOf<(typeof api.area)[K]>;

export const WAITLIST_OFFER_JOB = 'waitlist.offer-freed-places';
export const WAITLIST_SUBSCRIBER = 'waitlist.purchases';
const HOLD_MS = WAITLIST_HOLD_HOURS * 3_600_000;

/**
 * How many of a city's studio places the line may be offered: the limit less paid studios,
 * pending checkouts and offers already out. The payment module counts them (it owns orders and
 * asks the account module for paid studios), a port of waitlist/module.ts.
 */
export interface CityPlaces {
  freeForLine(ex: Executor, cityId: number): Promise<number>;
  /** Places the applicant could buy now, its own place in line considered. */
  leftFor(ex: Executor, cityId: number, accountId: number): Promise<number>;
}

/** What a checkout must leave alone in a city: places offered to others, and those waiting ahead. */
export interface CityReservations {
  /** Applicants holding an offered place (hold not run out), the asker excepted. */
  offered: number[];
  /** Applicants waiting ahead of the asker (all of them when it is not in line). */
  waitingAhead: number[];
  /** Everyone in line, waiting or holding an offer. */
  inLine: number;
}

/**
 * City waitlists for studio places (spec §9: 100 per city). A full city's applicant joins its
 * line; when places free (a plan lapses, a refund, a studio moves, a checkout or an offer runs
 * out), the offer pass gives each to the first waiting applicant, held for WAITLIST_HOLD_HOURS
 * through checkout, and tells it (`waitlist.offered`); an offer left unused lapses and its place
 * goes to the next. Every change to a city's line and every count of its places happens under
 * the city's row lock, the same lock a studio checkout takes, so two freed places go to two
 * applicants and a place is never sold twice.
 */
export class WaitlistService {
  constructor(
    private readonly db: Db,
    private readonly places: CityPlaces,
    private readonly areas: AreaService,
    private readonly accounts: AccountService,
    private readonly events: Pick<EventService, 'record'>,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async join(caller: Caller, cityId: number): Promise<WaitlistEntry> {
    // A studio that holds a place (a running plan) has a city already.
    if (hasActivePlan(caller.account)) throw rejected('waitlist.not_applicant');
    const city = await this.areas.find(cityId);
    if (!city || city.type !== 'city') throw notFound('area.not_found');
    const row = await this.db.transaction(async (tx) => {
      await this.areas.lock(tx, city.id);
      const open = await repo.openEntryOf(tx, caller.id);
      if (open) {
        const where = open.cityId === city.id ? city : await this.areas.find(open.cityId, tx);
        throw conflict('waitlist.already_in_line', { city: where?.name ?? '' });
      }
      if ((await this.places.leftFor(tx, city.id, caller.id)) > 0) throw conflict('waitlist.city_has_places', { city: city.name });
      const inserted = await repo.insertEntry(tx, { cityId: city.id, accountId: caller.id, rank: await repo.nextRank(tx, city.id), joinedAt: this.now() });
      // Two joins of one applicant at once: the partial unique index lets one through.
      if (!inserted) throw conflict('waitlist.already_in_line', { city: city.name });
      return inserted;
    });
    return (await this.present([row]))[0]!;
  }

  /** The applicant leaves its line, or staff take an entry out; an offered place goes to the next. */
  async leave(caller: Caller, id: number): Promise<WaitlistEntry> {
    const found = await repo.findEntry(this.db, id);
    const staff = isStaff(caller.role);
    if (!found || (!staff && found.accountId !== caller.id)) throw notFound('waitlist.not_found');
    const row = await this.db.transaction(async (tx) => {
      await this.areas.lock(tx, found.cityId);
      const ended = await repo.end(tx, id, staff && found.accountId !== caller.id ? 'removed' : 'left', this.now());
      if (!ended) throw conflict('waitlist.not_in_line');
      if (found.status === 'offered') await this.offerFreedPlaces(tx, found.cityId);
      if (ended.status === 'removed') {
        const city = await this.areas.find(found.cityId, tx);
        await this.audit.record(tx, caller, {
          action: 'waitlist.remove',
          target: { id, label: city?.name ?? null },
          before: { status: found.status, account_id: found.accountId, city_id: found.cityId },
          after: { status: ended.status },
        });
      }
      return ended;
    });
    return (await this.present([row]))[0]!;
  }

  /** Staff move a waiting applicant to another place in its city's line. */
  async move(caller: Actor, id: number, position: number): Promise<WaitlistEntry> {
    const found = await repo.findEntry(this.db, id);
    if (!found) throw notFound('waitlist.not_found');
    const row = await this.db.transaction(async (tx) => {
      await this.areas.lock(tx, found.cityId);
      const waiting = (await repo.openLine(tx, found.cityId)).filter((entry) => entry.status === 'waiting');
      const from = waiting.findIndex((entry) => entry.id === id);
      if (from === -1) throw conflict('waitlist.not_waiting');
      const order = waiting.map((entry) => entry.id);
      order.splice(from, 1);
      const to = Math.min(position, waiting.length) - 1;
      order.splice(to, 0, id);
      await repo.renumber(tx, order);
      const city = await this.areas.find(found.cityId, tx);
      await this.audit.record(tx, caller, {
        action: 'waitlist.move',
        target: { id, label: city?.name ?? null },
        before: { position: from + 1, account_id: found.accountId },
        after: { position: to + 1 },
      });
      return (await repo.findEntry(tx, id))!;
    });
    return (await this.present([row]))[0]!;
  }

  /** Staff read every line; an applicant reads only its own entries. */
  async list(caller: Caller, body: Body<'waitlistList'>) {
    const own = isStaff(caller.role) ? undefined : caller.id;
    const { rows, total } = await repo.listEntries(
      this.db,
      { accountId: own, cityId: body.city_id, status: body.status, open: body.open },
      body.page,
      body.page_size,
    );
    return { list: await this.present(rows), total, page: body.page, page_size: body.page_size };
  }

  /**
   * What a checkout in the city must count as taken for `accountId` (or for a visitor): places
   * offered to others, and the applicants waiting ahead, who are served first.
   */
  async reservationsIn(ex: Executor, cityId: number, accountId?: number): Promise<CityReservations> {
    const now = this.now().getTime();
    const line = await repo.openLine(ex, cityId);
    const mine = accountId === undefined ? undefined : line.find((entry) => entry.accountId === accountId);
    const others = line.filter((entry) => entry.accountId !== accountId);
    const offered = others.filter((entry) => entry.status === 'offered' && entry.holdUntil !== null && entry.holdUntil.getTime() > now);
    // An applicant holding an offer has its place; one waiting is served after those ahead.
    const waitingAhead =
      mine?.status === 'offered' ? [] : others.filter((entry) => entry.status === 'waiting' && (mine === undefined || entry.rank < mine.rank));
    return { offered: offered.map((entry) => entry.accountId), waitingAhead: waitingAhead.map((entry) => entry.accountId), inLine: line.length };
  }

  /**
   * One city's pass, inside the caller's transaction: offers that ran out lapse, then every place
   * free for the line goes to the next waiting applicant. Takes the city's row lock.
   */
  async offerFreedPlaces(tx: Tx, cityId: number): Promise<WaitlistRow[]> {
    await this.areas.lock(tx, cityId);
    const now = this.now();
    await repo.lapseOffers(tx, cityId, now);
    let free = await this.places.freeForLine(tx, cityId);
    if (free <= 0) return [];
    const waiting = (await repo.openLine(tx, cityId)).filter((entry) => entry.status === 'waiting');
    const offered: WaitlistRow[] = [];
    const city = await this.areas.find(cityId, tx);
    for (const entry of waiting) {
      if (free <= 0) break;
      const row = await repo.offer(tx, entry.id, now, new Date(now.getTime() + HOLD_MS));
      if (!row) continue;
      free -= 1;
      offered.push(row);
      await this.events.record(tx, 'waitlist.offered', {
        actor_id: null,
        subject_id: row.id,
        account_id: row.accountId,
        payload: { entry_id: row.id, city_id: cityId, city_name: city?.name ?? '', hold_until: row.holdUntil!.toISOString() },
      });
    }
    return offered;
  }

  /** Every city with anyone in line, one transaction per city: what the offer job runs. */
  async offerDue(): Promise<number> {
    let offered = 0;
    for (const cityId of await repo.citiesWithOpenEntries(this.db)) {
      offered += (await this.db.transaction((tx) => this.offerFreedPlaces(tx, cityId))).length;
    }
    return offered;
  }

  /** The offer pass, listed in the job registry: every minute, one run at a time. */
  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    return [periodicPass(WAITLIST_OFFER_JOB, '* * * * *', () => this.offerDue(), (offered) => log.info({ offered }, 'offered freed studio places to waiting applicants'))];
  }

  /**
   * Ends an applicant's place in line once it has bought a studio plan (in its city or another):
   * its offered place is its own now, counted with the paid studios.
   */
  subscriber(): Subscriber {
    return {
      name: WAITLIST_SUBSCRIBER,
      handlers: {
        'payment.completed': async (event, tx) => {
          if (event.payload.package_type !== 'studio' || event.accountId === null) return;
          const open = await repo.openEntryOf(tx, event.accountId);
          if (open) await repo.end(tx, open.id, 'purchased', event.createdAt);
        },
      },
    };
  }

  private async present(rows: WaitlistRow[]): Promise<WaitlistEntry[]> {
    if (rows.length === 0) return [];
    const cityIds = [...new Set(rows.map((row) => row.cityId))];
    const [lines, cities, cards] = await Promise.all([
      repo.openLines(this.db, cityIds),
      this.areas.citiesWithStates(cityIds),
      this.accounts.cardsOf(rows.map((row) => row.accountId)),
    ]);
    const positions = new Map<number, number>();
    const waitingSoFar = new Map<number, number>();
    for (const entry of lines) {
      if (entry.status !== 'waiting') continue;
      const next = (waitingSoFar.get(entry.cityId) ?? 0) + 1;
      waitingSoFar.set(entry.cityId, next);
      positions.set(entry.id, next);
    }
    return rows.map((row) => {
      const city = cities.get(row.cityId);
      const card = cards.get(row.accountId);
      return {
        id: row.id,
        city_id: row.cityId,
        city_name: city?.name ?? '',
        state_id: city?.stateId ?? null,
        state_name: city?.stateName ?? null,
        account_id: row.accountId,
        party_name: card ? cardName(card) : '',
        email: card?.email ?? '',
        status: row.status,
        position: row.status === 'waiting' ? (positions.get(row.id) ?? null) : null,
        waiting: waitingSoFar.get(row.cityId) ?? 0,
        joined_at: row.joinedAt.toISOString(),
        offered_at: row.offeredAt?.toISOString() ?? null,
        hold_until: row.holdUntil?.toISOString() ?? null,
        ended_at: row.endedAt?.toISOString() ?? null,
      };
    });
  }
}
