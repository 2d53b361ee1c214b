import { outboxContract } from './contract/outbox-contract';
import { postgresOutbox } from './contract/outbox-backend';

outboxContract(postgresOutbox());
