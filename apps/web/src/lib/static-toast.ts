import { createElement } from 'react';
import { ConfigProvider, message } from 'antd';
import { appTheme } from './theme';

// Toasts raised where the themed message host is not mounted (the landing page) still follow
// the dark theme.
ConfigProvider.config({ holderRender: (children) => createElement(ConfigProvider, { theme: appTheme }, children) });

export function showToast(kind: 'error' | 'success', content: string): void {
  void message[kind](content);
}
