import { z } from 'zod';
import { VIDEO_RANGES } from './constants.js';
import { CAPTION_LANGUAGES, PUBLISH_TARGETS } from './video-base.js';

/** The fields the video schemas share; not part of the contract's exports (video.ts leaves this file out). */
export const target = z.enum(PUBLISH_TARGETS, { error: 'validation.invalid_option' });
export const language = z.enum(CAPTION_LANGUAGES, { error: 'validation.invalid_option' });
export const range = z.enum(VIDEO_RANGES, { error: 'validation.invalid_option' });
