/**
 * The FAQ's questions, shared by the plain placeholder and the antd Collapse: the franchise
 * first (spec §1: the landing page pitches joining it), then what a shop owner gets.
 */
export const FAQ_KEYS = ['franchise', 'earn', 'join', 'places', 'what', 'cost', 'platforms', 'languages', 'contact'] as const;
