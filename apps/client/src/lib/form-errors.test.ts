import type { FormErrors } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { showServerFieldErrors } from './form-errors';

/** A form's errors as @mantine/form keeps them, behind the one setter the helper uses. */
function fakeForm(initial: FormErrors = {}) {
  const form = {
    errors: initial,
    setErrors: (update: (current: FormErrors) => FormErrors) => {
      form.errors = update(form.errors);
    },
  };
  return form;
}

const refusal = (data: object, message = 'Please check the form') => ({
  message,
  data: { code: 'BAD_REQUEST', httpStatus: 400, ...data },
});

describe('showServerFieldErrors', () => {
  it('puts each field error of the server on the field of the same path, keeping the others', () => {
    const form = fakeForm({ testimonial: 'Too long' });
    const paths = showServerFieldErrors(
      form,
      refusal({ fieldErrors: { name: 'Please enter their first name', 'scores.0.score': 'Out of range' } }),
    );
    expect(paths).toEqual(['name', 'scores.0.score']);
    expect(form.errors).toEqual({
      testimonial: 'Too long',
      name: 'Please enter their first name',
      'scores.0.score': 'Out of range',
    });
  });

  it('names a server field as the form does where the two differ', () => {
    const form = fakeForm();
    showServerFieldErrors(
      form,
      refusal({ fieldErrors: { notificationId: 'This link is not a rating link.' } }),
      {
        renamed: { notificationId: 'link' },
      },
    );
    expect(form.errors).toEqual({ link: 'This link is not a rating link.' });
  });

  it('puts an input refusal without fields on the field it is about, and nothing else anywhere', () => {
    const form = fakeForm();
    expect(showServerFieldErrors(form, refusal({}, 'Invalid code'), { refusedField: 'code' })).toEqual([
      'code',
    ]);
    expect(form.errors).toEqual({ code: 'Invalid code' });

    const untouched = fakeForm();
    const limited = {
      message: 'Wait 40 seconds',
      data: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 40 },
    };
    expect(showServerFieldErrors(untouched, limited, { refusedField: 'code' })).toEqual([]);
    expect(showServerFieldErrors(untouched, new TypeError('Failed to fetch'))).toEqual([]);
    expect(untouched.errors).toEqual({});
  });
});
