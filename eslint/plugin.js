// The project's own lint rules: what the layer rules of the design need beyond import-x.
import path from 'node:path';
import { areaOf, pathBetween } from './areas.js';

const areaCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Server areas depend on each other one way: no chain of imports leads back.' },
    schema: [],
    messages: {
      cycle:
        'Area cycle: {{chain}}. Let one side tell the other through an event on the app context, or move what both need into server/platform or server/db.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = areaOf(file);
    if (!from) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = areaOf(path.resolve(path.dirname(file), spec));
      if (!to || to === from) return;
      const back = pathBetween(to, from);
      if (back) context.report({ node, messageId: 'cycle', data: { chain: [from, ...back].join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { meta: { name: 'job-marketplace' }, rules: { 'area-cycles': areaCycles } };
