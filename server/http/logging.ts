/** Paths pino replaces in logs so no secret, token, password or OTP is ever written. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.old_password',
  '*.otp',
  '*.token',
  '*.verify_token',
  '*.secret',
];
