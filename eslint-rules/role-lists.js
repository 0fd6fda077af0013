/**
 * Roles are written once (docs/decisions/091): who may call an endpoint or open a page is the
 * contract's to say (packages/contract: `access` in endpoints.ts, `roles` in routes.ts, the named
 * sets in roles.ts), and what depends on the data is the server's access/ folder's. Anywhere
 * else a list of roles is a second statement that will drift from the first, so this rule
 * reports one in either of its two spellings:
 *
 * - an array literal of role names, `['super', 'admin']` (a `z.enum([...])` of them included);
 * - a chain of comparisons of one value with role names, `role === 'super' || role === 'admin'`
 *   (or `role !== 'studio' && role !== 'partner'`).
 *
 * One comparison alone (`role === 'client'`) is not a list: it picks a role's own view.
 * The config applies the rule everywhere but the contract and access/.
 */
export const ROLE_NAMES = new Set(['client', 'studio', 'partner', 'operator', 'admin', 'super']);

const isRoleLiteral = (node) => node?.type === 'Literal' && typeof node.value === 'string' && ROLE_NAMES.has(node.value);

/** The other side of `x === 'role'` (or `x !== 'role'` when `negated`), as source text, or null. */
function comparedWithRole(node, negated, source) {
  if (node?.type !== 'BinaryExpression') return null;
  const operators = negated ? ['!==', '!='] : ['===', '=='];
  if (!operators.includes(node.operator)) return null;
  if (isRoleLiteral(node.right)) return source.getText(node.left);
  if (isRoleLiteral(node.left)) return source.getText(node.right);
  return null;
}

/** The operands of a chain of one logical operator: `a || b || c` gives [a, b, c]. */
function operandsOf(node, operator) {
  if (node.type === 'LogicalExpression' && node.operator === operator) return [...operandsOf(node.left, operator), ...operandsOf(node.right, operator)];
  return [node];
}

/** @type {import('eslint').Rule.RuleModule} */
const noRoleLists = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep role lists in the contract (endpoint access, route roles, named role sets) and the server’s access/ folder.' },
    messages: {
      array:
        'A list of roles ({{roles}}) outside the contract: read the endpoint’s `access` (server: route(); web: can(endpoint)) or a named set from the contract’s roles.ts.',
      chain:
        'Comparing `{{subject}}` with several roles is a role list outside the contract: ask can(endpoint) on the web, or use a named set from the contract’s roles.ts.',
    },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;
    const checkChain = (node, operator) => {
      // Report the whole chain once, from its outermost node.
      if (node.parent?.type === 'LogicalExpression' && node.parent.operator === operator) return;
      const subjects = operandsOf(node, operator).map((operand) => comparedWithRole(operand, operator === '&&', source));
      const counts = new Map();
      for (const subject of subjects) if (subject !== null) counts.set(subject, (counts.get(subject) ?? 0) + 1);
      for (const [subject, count] of counts) {
        if (count >= 2) context.report({ node, messageId: 'chain', data: { subject } });
      }
    };
    return {
      ArrayExpression(node) {
        if (node.elements.length === 0 || !node.elements.every(isRoleLiteral)) return;
        context.report({ node, messageId: 'array', data: { roles: node.elements.map((element) => element.value).join(', ') } });
      },
      LogicalExpression(node) {
        if (node.operator === '||') checkChain(node, '||');
        if (node.operator === '&&') checkChain(node, '&&');
      },
    };
  },
};

export const roleLists = { rules: { 'no-role-lists': noRoleLists } };
