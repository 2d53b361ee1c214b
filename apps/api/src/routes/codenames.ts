import type { ContentSnapshot } from '@companion/content';
import { CodenameList } from '@companion/schema';
import type { AppDeps } from '../deps';
import { memoPerSnapshot } from '../http/memo';
import { sendData } from '../http/respond';
import type { RouteDef } from './table';

const codenamesJson = memoPerSnapshot((snapshot: ContentSnapshot) => JSON.stringify(snapshot.codenames));

export function codenameRoutes({ content, clock }: AppDeps): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/codenames',
      category: 'software codenames',
      description: 'Every release codename with its element and versions',
      data: CodenameList,
      handlers: [
        (req, res) => {
          const snapshot = content.current();
          sendData(req, res, clock, codenamesJson(snapshot), snapshot.codenames.length);
        },
      ],
    },
  ];
}
