// The War in the Pacific assistant's part of the JSON API (/api/witp/, docs/api.md).
import { call } from './api.js';

const enc = encodeURIComponent;
const base = (id) => `/api/witp/campaigns/${enc(id)}`;
let catalogPromise = null;

export const witpApi = {
  catalog() {
    if (!catalogPromise) {
      catalogPromise = call('GET', '/api/witp/catalog');
      catalogPromise.catch(() => { catalogPromise = null; });
    }
    return catalogPromise;
  },
  tablesSchema: () => call('GET', '/api/witp/tables-schema'),
  list: () => call('GET', '/api/witp/campaigns'),
  create: (name, startCycle) => call('POST', '/api/witp/campaigns', { name, start_cycle: startCycle }),
  get: (id) => call('GET', base(id)),
  checklist: (id) => call('GET', `${base(id)}/checklist`),
  book: (id, change, fields) => call('POST', `${base(id)}/book`, { change, fields }),
  calculate: (id, calculator, args, post, postArgs) =>
    call('POST', `${base(id)}/calculate`, { calculator, args, post: !!post, post_args: postArgs || {} }),
  undo: (id, revision) => call('POST', `${base(id)}/undo`, { revision }),
  setTables: (id, tables) => call('POST', `${base(id)}/tables`, { tables }),
  addReader: (id, username) => call('POST', `${base(id)}/readers`, { username }),
  removeReader: (id, username) => call('POST', `${base(id)}/readers/remove`, { username }),
  shareLink: (id, revoke) => call('POST', `${base(id)}/share-link`, { revoke: !!revoke }),
  remove: (id) => call('POST', `${base(id)}/delete`),
  join: (token) => call('POST', `/api/witp/shared/${enc(token)}`),
};
