import type { Template } from '@conversa/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api-client';

const TEMPLATES_PAGE = 100;

/** Every device's approved templates; the templates screen reads them again after a synchronize. */
export const APPROVED_TEMPLATES_KEY = ['approved-templates'] as const;

/**
 * The APPROVED templates of one device (not of RED quality), the only ones a diffusion or a confirmation
 * run may send. Without template.view the server answers 403: the message then offers no template rather
 * than an error.
 */
export const useApprovedTemplates = (deviceId: string) =>
  useQuery({
    queryKey: [...APPROVED_TEMPLATES_KEY, deviceId],
    enabled: deviceId !== '',
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<Template[]> => {
      try {
        const envelope = await api.request<Template>('template/search', {
          method: 'POST',
          body: {
            page: 1,
            offset: TEMPLATES_PAGE,
            filters: [
              { key: 'device_id', condition: 'equalto', value: deviceId },
              { key: 'status', condition: 'equalto', value: 'APPROVED' },
            ],
            logical: 'and',
          },
          errors: 'caller',
          signal,
        });
        // A RED template pauses a diffusion (issue 16), so it is not offered for a new message either.
        return envelope.data.filter(
          (template) => template.status === 'APPROVED' && template.quality !== 'RED',
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return [];
        throw error;
      }
    },
  });

/** A template's {{n}} values in send order: those of its text header, then those of its body. */
export const templateParameterCount = (template: Template | undefined): number =>
  (template?.schema.template.components ?? []).reduce(
    (count, component) => count + (component.parameters?.length ?? 0),
    0,
  );
