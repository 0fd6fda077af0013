/** The FAQ's questions, shared by the plain placeholder and the antd Collapse. */
export const FAQ_KEYS = ['what', 'cost', 'platforms', 'languages', 'earn', 'join', 'places', 'contact'] as const;
