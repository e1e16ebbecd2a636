// Sign-in calls (specification section 7). Plain functions: the login form drives its own states
// (phone entry, code sent, register), so TanStack Query's cache has nothing to add here.
import type {
  LoginBody,
  OtpSentResponse,
  RegisterBody,
  SendOtpBody,
  SignedInResponse,
} from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

export const sendOtp = (body: SendOtpBody) => api.post<OtpSentResponse>('/api/user/send-otp', body);
export const resendOtp = (body: SendOtpBody) => api.post<OtpSentResponse>('/api/user/resend-otp', body);
export const login = (body: LoginBody) => api.post<SignedInResponse>('/api/user/login', body);
export const register = (body: RegisterBody) => api.post<SignedInResponse>('/api/user/register', body);
