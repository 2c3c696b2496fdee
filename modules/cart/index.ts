/** The cart module's public face (being filled as imports move here, issue 19): what other modules may use. */
export type { CartLine, CartService } from './cart.service.ts';
