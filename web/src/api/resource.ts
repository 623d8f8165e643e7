/**
 * The calls every CRUD resource answers under its base path (`/sys/position`): `list`,
 * `exportXls`, `add`, `edit`, `delete` and `deleteBatch` (docs/adding-a-resource.md). Form saves
 * show their errors in the form, so `add` and `edit` show no notice; deletes show the server's
 * reason when refused.
 *
 * ```ts
 * const positions = resource<PositionRecord, PositionForm>('/sys/position');
 * export const { listPath: POSITION_LIST_PATH, add: addPosition, edit: editPosition, remove: deletePosition, removeBatch: deletePositions } = positions;
 * ```
 */
import { api, type Envelope } from './client';

export interface Resource<R, B, Id = string> {
  listPath: string;
  exportPath: string;
  add: (body: B) => Promise<Envelope<R>>;
  edit: (body: B & { id: Id }) => Promise<Envelope<R>>;
  /** `DELETE …/delete?id=`. */
  remove: (id: Id) => Promise<Envelope<unknown>>;
  /** `DELETE …/deleteBatch?ids=a,b`. */
  removeBatch: (ids: string[]) => Promise<Envelope<unknown>>;
  /** `DELETE …/delete` with `id` for one and `ids` for several (one call for both). */
  removeAny: (ids: string[]) => Promise<Envelope<unknown>>;
}

export function resource<R, B, Id = string>(base: string): Resource<R, B, Id> {
  return {
    listPath: `${base}/list`,
    exportPath: `${base}/exportXls`,
    add: (body) => api.post<R>(`${base}/add`, body, { notify: false }),
    edit: (body) => api.put<R>(`${base}/edit`, body, { notify: false }),
    remove: (id) => api.delete(`${base}/delete`, { id: String(id) }),
    removeBatch: (ids) => api.delete(`${base}/deleteBatch`, { ids: ids.join(',') }),
    removeAny: (ids) => api.delete(`${base}/delete`, ids.length === 1 ? { id: ids[0] } : { ids: ids.join(',') }),
  };
}
