// A refused upload reaches the client as any error does: {code, message}, the code for the other
// languages, the message saying exactly what is wrong in English.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errors from '../../plugins/errors';
import { tooLarge, UploadRefusedError } from './upload-refused';

describe('an upload refusal as an answer', () => {
  it('has its status, its code and its own message', async () => {
    const app = Fastify({ logger: false });
    await app.register(errors);
    app.post('/too-large', async () => {
      throw tooLarge('image', 'jpeg', undefined);
    });
    app.post('/empty', async () => {
      throw new UploadRefusedError('uploadEmpty', 'The file is empty.');
    });
    const large = await app.inject({ method: 'POST', url: '/too-large' });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({
      code: 'uploadTooLarge',
      message: 'Images can be at most 10 MB; this file is larger.',
    });
    const empty = await app.inject({ method: 'POST', url: '/empty' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 'uploadEmpty', message: 'The file is empty.' });
    await app.close();
  });
});
