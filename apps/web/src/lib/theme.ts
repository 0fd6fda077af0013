import { theme, type ThemeConfig } from 'antd';

/** design.md "Look and feel": one violet accent, cyan for gradients, a CJK-aware system stack. */
export const BRAND = {
  violet: '#7c5cff',
  cyan: '#22d3ee',
  background: '#0a0a12',
  surface: '#12121c',
} as const;

export const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Noto Sans SC", "Hiragino Sans GB", "Microsoft YaHei", sans-serif';

export const appTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: BRAND.violet,
    colorInfo: BRAND.violet,
    colorLink: '#a594ff',
    colorBgBase: BRAND.background,
    // Neutral surfaces: the dark algorithm would otherwise tint cards and inputs blue.
    colorBgContainer: BRAND.surface,
    colorBgElevated: '#1a1a28',
    colorBgLayout: BRAND.background,
    colorBorder: 'rgba(255, 255, 255, 0.14)',
    colorBorderSecondary: 'rgba(255, 255, 255, 0.08)',
    fontFamily: FONT_STACK,
    borderRadius: 10,
  },
  components: {
    Layout: {
      bodyBg: BRAND.background,
      headerBg: 'rgba(10, 10, 18, 0.85)',
      siderBg: '#0d0d17',
      triggerBg: '#12121c',
    },
    Menu: { darkItemBg: '#0d0d17', itemBg: 'transparent' },
  },
};
