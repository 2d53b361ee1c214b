import type { ContentSnapshot } from '@companion/content';
import { CodenameList } from '@companion/schema';
import { dataAnswer, memoPerSnapshot } from '@companion/http-kit';
import type { RouteDef } from '@companion/route-table';

const codenamesJson = memoPerSnapshot((codenames: ContentSnapshot['codenames']) => JSON.stringify(codenames));

export function codenameRoutes(): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/codenames',
      category: 'software codenames',
      description: 'Every release codename with its element and versions',
      data: CodenameList,
      handlers: [],
      read: {
        slices: (snapshot) => [snapshot.codenames],
        answer: ({ codenames }) => dataAnswer(codenamesJson(codenames), codenames.length),
      },
    },
  ];
}
