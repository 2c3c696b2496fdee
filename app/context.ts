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
  /** Host names besides PUBLIC_URL's the site answers under (ALLOWED_HOSTS). */
  allowedHosts: string[];
}

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    viewer: Viewer | null;
    /**
     * Someone is signed in. Usually `viewer !== null`; on a page shared by signed-in learners
     * (server/http/page-cache.ts) it is true while `viewer` is null: the render knows nobody in
     * particular, and the browser fetches the viewer's own bits (app/routes/personal.ts).
     */
    signedIn: boolean;
    /**
     * On a study page shared by the learners enrolled in its course (server/http/page-cache.ts): that
     * course's id; the render opens its lessons as for any of them and shows no progress. Null otherwise.
     */
    enrolledIn?: number | null;
    clientIp: string;
    /** The device cookie's id (server/http/device.ts); null on a read without one. */
    deviceId: string | null;
    /** The origin the browser used when it is an allowed host, PUBLIC_URL's otherwise. */
    origin: string;
    nonce: string;
    config: PublicConfig;
    requestId: string;
    /**
     * Set by app/entry.server.tsx's handleError when a loader or action met the database outage:
     * pages, data requests and resource routes (the sitemap, a certificate PDF) then answer 503.
     */
    outage: { message: string | null };
  }
}

export {};
