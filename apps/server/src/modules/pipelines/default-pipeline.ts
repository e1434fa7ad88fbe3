import { isLocale } from '@conversa/domain';
import type { Executor } from '../../core/db/database';
import { type MessageKey, translate } from '../../core/i18n/i18n';
import { createPipelinesRepository } from './pipelines.repository';

const DEFAULT_STAGES: { name: MessageKey; color: string }[] = [
  { name: 'pipeline.stageNew', color: '#1976d2' },
  { name: 'pipeline.stageContacted', color: '#ed6c02' },
  { name: 'pipeline.stageProposal', color: '#9c27b0' },
  { name: 'pipeline.stageNegotiation', color: '#2e7d32' },
];

/**
 * Every new company starts with one sales pipeline of four stages, named in the company's language, so its
 * first deal has somewhere to go. Runs in the transaction that creates the company.
 */
export const createDefaultPipeline = async (db: Executor, clientId: string, language: string) => {
  const locale = isLocale(language) ? language : 'es';
  const repo = createPipelinesRepository(db);
  const pipeline = await repo.insert(clientId, translate(locale, 'pipeline.defaultName'), 0);
  await repo.insertStages(
    clientId,
    pipeline.id,
    DEFAULT_STAGES.map((stage, position) => ({
      name: translate(locale, stage.name),
      color: stage.color,
      position,
    })),
  );
  return pipeline;
};
