import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldErrorsOf } from './field-errors';

const answer = (status: number, body: unknown) =>
  new ApiError({ kind: 'response', status, reason: `HTTP ${status}`, body });

describe('fieldErrorsOf', () => {
  it('puts a user conflict at the field it names', () => {
    expect(fieldErrorsOf(answer(409, { message: 'A user with this email already exists' }))).toEqual({
      email: 'A user with this email already exists',
    });
    expect(fieldErrorsOf(answer(409, { message: 'A user with this username already exists' }))).toEqual({
      username: 'A user with this username already exists',
    });
  });

  it('puts a role or permission name conflict at the name', () => {
    const message = 'A role named "QA" already exists';
    expect(fieldErrorsOf(answer(409, { message }))).toEqual({ name: message });
  });

  it('shows the whole message of a 400 about one field at that field', () => {
    const message =
      'This password is one of the 10,000 most common passwords, which attackers try first; choose another';
    const error = answer(400, { message, details: [{ field: 'password', message: 'is common' }] });
    expect(fieldErrorsOf(error)).toEqual({ password: message });
  });

  it('gives each field of a 400 about several its own problem', () => {
    const error = answer(400, {
      message: 'Invalid name: name is required',
      details: [
        { field: 'name', message: 'is required' },
        { field: 'description', message: 'must be a string' },
      ],
    });
    expect(fieldErrorsOf(error)).toEqual({
      name: 'name is required',
      description: 'description must be a string',
    });
  });

  it('knows no field for other failures', () => {
    expect(fieldErrorsOf(answer(409, { message: 'That already exists' }))).toEqual({});
    expect(fieldErrorsOf(answer(500, { message: 'boom' }))).toEqual({});
    expect(fieldErrorsOf(new Error('offline'))).toEqual({});
    expect(fieldErrorsOf(answer(400, { message: 'The request body is not valid JSON' }))).toEqual({});
  });
});
