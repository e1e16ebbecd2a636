// Sign-in calls (specification section 7). Plain functions: the login form drives its own states
// (phone entry, code sent, register), so TanStack Query's cache has nothing to add here.
import type { LoginBody, RegisterBody, SendOtpBody } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

export const sendOtp = (body: SendOtpBody) => api.post('/api/user/send-otp', { body });
export const resendOtp = (body: SendOtpBody) => api.post('/api/user/resend-otp', { body });
export const login = (body: LoginBody) => api.post('/api/user/login', { body });
export const register = (body: RegisterBody) => api.post('/api/user/register', { body });
