import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';

/**
 * The form of a record's data tab, checked by the module's create rules as the person types. A
 * colleague's change to the record shows in it unless the person is typing over it.
 */
export const useRecordDataForm = <Form extends FieldValues, Row>(
  schema: Parameters<typeof zodResolver>[0],
  record: Row,
  formOf: (record: Row) => Form,
) => {
  const form = useForm<Form>({
    resolver: zodResolver(schema) as unknown as Resolver<Form>,
    mode: 'onChange',
    defaultValues: formOf(record) as DefaultValues<Form>,
  });
  const { isDirty } = form.formState;
  useEffect(() => {
    if (!isDirty) form.reset(formOf(record));
  }, [record, isDirty, form, formOf]);
  return form;
};
