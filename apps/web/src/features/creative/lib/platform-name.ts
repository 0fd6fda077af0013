import { PLATFORM_NAMES, type PublishTargetName } from '@nearcast/contract';
import type { TFunction } from 'i18next';

/** A platform as the platforms write their names (the same in every language); the sandbox is ours, so it is translated. */
export function platformName(platform: PublishTargetName, t: TFunction<'creative'>): string {
  return platform === 'sandbox' ? t('platform_sandbox') : PLATFORM_NAMES[platform];
}
