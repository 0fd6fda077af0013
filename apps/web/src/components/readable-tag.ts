/**
 * antd's dark red and blue tag text reads below 4.5:1 on its own tint at 12 px; these shades keep
 * the tint and pass. antd's own rules outrank a class, so the text colour goes on the element:
 * `<Tag color={c} style={readableTagText(c)}>`.
 */
const READABLE: Record<string, string | undefined> = { error: '#ff8f8f', processing: '#69b1ff' };

export function readableTagText(color: string): { color: string } | undefined {
  const text = READABLE[color];
  return text ? { color: text } : undefined;
}
