import { clusterBackend } from '@companion/database/testing';
import { openPgSearchFeedback } from '../src/postgresql';
import { searchFeedbackContract } from './contract/search-feedback-contract';

searchFeedbackContract(clusterBackend('search_feedback', openPgSearchFeedback));
