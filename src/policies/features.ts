/**
 * What a request asks for beyond its operation, read from its validated input: the content-dependent
 * features the access policy weighs (descriptions, description columns, semantic mode, pages).
 * One entry per operation that has any; the others ask for none.
 */
import type { OperationId, ValidatedInput } from '../openapi/operations.js';

export type Feature = 'descriptions' | 'export_descriptions' | 'semantic_search' | 'paging';

type FeatureReader<Op extends OperationId> = (input: ValidatedInput<Op>) => Feature[];

const when = (condition: boolean, feature: Feature): Feature[] => (condition ? [feature] : []);

/** In the order the policy checks them (descriptions before semantic mode, as documented). */
const READERS: { readonly [Op in OperationId]?: FeatureReader<Op> } = {
  searchJobs: ({ query }) => [
    ...when(query.include_description, 'descriptions'),
    ...when(query.cursor !== undefined, 'paging'),
  ],
  searchJobsTyped: ({ body }) => [
    ...when(body.include_description, 'descriptions'),
    ...when(body.semantic !== undefined, 'semantic_search'),
  ],
  getActiveFeed: ({ query }) => when(query.description_format === 'text', 'descriptions'),
  exportJobs: ({ query }) =>
    when(query.columns?.includes('description_text') === true, 'export_descriptions'),
};

export function featuresOf<Op extends OperationId>(operationId: Op, input: ValidatedInput<Op>): Feature[] {
  const reader: FeatureReader<Op> | undefined = READERS[operationId];
  return reader === undefined ? [] : reader(input);
}
