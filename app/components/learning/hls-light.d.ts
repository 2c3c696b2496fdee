// hls.js ships one declaration file for both builds; the light build has the same API, less features.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
