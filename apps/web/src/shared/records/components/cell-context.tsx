import type { ListItem, NumberFormat, Pipeline, PipelineStage } from '@conversa/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../account/use-account';
import { type Formatters, formattersFor } from '../../format/intl-format';

/** What every cell of a table needs to show its value, computed once per table instead of per cell. */
export type CellContext = {
  listItems: ReadonlyMap<string, ListItem>;
  userNames: ReadonlyMap<string, string>;
  pipelines: ReadonlyMap<string, Pipeline>;
  /** Every stage of every pipeline, by id. */
  stages: ReadonlyMap<string, PipelineStage>;
  numberFormat: NumberFormat;
  formatters: Formatters;
  language: string;
};

const Context = createContext<CellContext | null>(null);

export const CellContextProvider = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const { list_dinamic, list_user, list_pipeline, client } = useAccount();
  const value = useMemo(
    (): CellContext => ({
      listItems: new Map(list_dinamic.map((item) => [item.id, item])),
      userNames: new Map(list_user.map((user) => [user.id, user.name])),
      pipelines: new Map(list_pipeline.map((pipeline) => [pipeline.id, pipeline])),
      stages: new Map(list_pipeline.flatMap((pipeline) => pipeline.stages.map((stage) => [stage.id, stage]))),
      numberFormat: client.number_format,
      formatters: formattersFor(i18n.language),
      language: i18n.language,
    }),
    [list_dinamic, list_user, list_pipeline, client.number_format, i18n.language],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
};

export const useCellContext = (): CellContext => {
  const context = useContext(Context);
  if (!context) throw new Error('cells need the CellContextProvider of their table');
  return context;
};
