/** What every page loader and action receives as `context` from the Fastify host. */
import type { Services, Viewer } from '../modules/services.ts';

export interface PublicConfig {
  siteName: string;
  siteLabel: string;
  siteDescription: string;
  publicUrl: string;
  analytics: { url: string; domain: string } | null;
  buildCheckIntervalSeconds: number;
  disabledRecognition: number;
  serviceId: string;
}

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    viewer: Viewer | null;
    clientIp: string;
    nonce: string;
    config: PublicConfig;
    requestId: string;
  }
}

export {};
