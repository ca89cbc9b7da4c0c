// Test data shared by the checkout tests: cache-shaped answers with their
// __typename, as the server would send them.
import type { MockLink } from '@apollo/client/testing';
import type { AddressInput, PaymentMethod } from '../../gql/graphql';
import { cart, GALLERY_ID, GALLERY_URL, userError } from '../../lib/cart/cart-fixtures';
import type { AddressValues } from '../../lib/address-fields';
import { CheckoutCartQuery, CheckoutGalleryQuery, CountriesQuery, PaymentMethodsQuery, PlaceOrderMutation, SetClientDataMutation } from './checkout-documents';

export { GALLERY_ID, GALLERY_URL, userError };

/** PICKUP_ADDRESS is the studio's address of the fixture gallery. */
export const PICKUP_ADDRESS = 'Studio Lumière\nRue de la Lumière 12\n1000 Bruxelles';

/** address is an Address answer: Julie Martin in Brussels unless told. */
export function address(over: Partial<AddressValues> = {}) {
  return {
    __typename: 'Address' as const,
    title: 'Madame',
    firstname: 'Julie',
    lastname: 'Martin',
    address: 'Rue des Fleurs 3',
    address2: '',
    postalCode: '1000',
    city: 'Bruxelles',
    country: 'BE',
    phoneNumber: '+32 470 12 34 56',
    vatNumber: '',
    ...over,
  };
}

/** addressInput is the AddressInput the form sends for an address (every field, trimmed). */
export function addressInput(over: Partial<AddressValues> = {}): AddressInput {
  const { __typename: _, ...values } = address(over);
  return values;
}

/** clientData is a ClientData answer: home delivery to the billing address unless told. */
export function clientData(over: Partial<{ email: string; billing: ReturnType<typeof address>; shipping: ReturnType<typeof address> | null; deliveryOption: string; sameAsBilling: boolean }> = {}) {
  return {
    __typename: 'ClientData' as const,
    email: 'julie@example.com',
    billing: address(),
    shipping: null as ReturnType<typeof address> | null,
    deliveryOption: 'shipping',
    sameAsBilling: true,
    ...over,
  };
}

/** checkoutCart is a whole cart answer (CartFields and CheckoutCart): a print and a digital file, no addresses unless told. */
export function checkoutCart(over: Record<string, unknown> = {}) {
  return cart({ pickupAddress: PICKUP_ADDRESS, clientData: null, ...over });
}

/** galleryMock answers the address step's gallery query: both delivery options unless told. */
export function galleryMock(deliveryOptions: string[] = ['shipping', 'pickup']): MockLink.MockedResponse {
  return {
    request: { query: CheckoutGalleryQuery, variables: { url: GALLERY_URL } },
    result: { data: { gallery: { __typename: 'Gallery', id: GALLERY_ID, deliveryOptions } } },
    maxUsageCount: 10,
  };
}

/** checkoutCartMock answers the checkout's cart query. */
export function checkoutCartMock(answer: ReturnType<typeof checkoutCart>, maxUsageCount = 10): MockLink.MockedResponse {
  return { request: { query: CheckoutCartQuery, variables: { galleryId: GALLERY_ID } }, result: { data: { cart: answer } }, maxUsageCount };
}

/** countriesMock answers the countries of the address form. */
export function countriesMock(): MockLink.MockedResponse {
  const country = (code: string, name: string) => ({ __typename: 'Country' as const, code, name });
  return {
    request: { query: CountriesQuery },
    result: { data: { countries: [country('BE', 'Belgique'), country('FR', 'France'), country('LU', 'Luxembourg'), country('CH', 'Suisse')] } },
    maxUsageCount: 10,
  };
}

/** paymentMethodsMock answers the payment methods offered (card and Bancontact unless told). */
export function paymentMethodsMock(methods: PaymentMethod[] = ['card', 'bancontact']): MockLink.MockedResponse {
  return { request: { query: PaymentMethodsQuery }, result: { data: { paymentMethods: methods } }, maxUsageCount: 10 };
}

/** ClientDataInputValue is the setClientData input the address step sends. */
export interface ClientDataInputValue {
  billing: AddressInput;
  shipping: AddressInput | null;
  sameAsBilling: boolean;
  deliveryOption: string;
  keepAddresses: boolean;
}

/** suggestion is an AddressSuggestion answer. */
export function suggestion(field: 'billing' | 'shipping', over: Partial<AddressValues>) {
  return { __typename: 'AddressSuggestion' as const, field, address: address(over) };
}

/** setClientDataMock answers one setClientData call with exactly this input. */
export function setClientDataMock(
  input: ClientDataInputValue,
  answer: { cart?: ReturnType<typeof checkoutCart> | null; userErrors?: Array<ReturnType<typeof userError>>; addressSuggestions?: Array<ReturnType<typeof suggestion>> | null },
): MockLink.MockedResponse {
  return {
    request: { query: SetClientDataMutation, variables: { input: { galleryId: GALLERY_ID, ...input } } },
    result: {
      data: {
        setClientData: { __typename: 'CartPayload', cart: answer.cart ?? null, addressSuggestions: answer.addressSuggestions ?? null, userErrors: answer.userErrors ?? [] },
      },
    },
  };
}

/** PlaceOrderInputValue is the placeOrder input the validation step sends. */
export interface PlaceOrderInputValue {
  paymentMethod: PaymentMethod;
  acceptTerms: boolean;
  acceptRetouch: boolean;
  /** The total the page shows (the cart's totals.total.amount). */
  expectedTotal: string;
}

/** placeOrderAnswer is a PlaceOrderPayload answer. */
export function placeOrderAnswer({ orderId = 'ord_1', redirectUrl = null as string | null, userErrors = [] as Array<ReturnType<typeof userError>> } = {}) {
  return {
    __typename: 'PlaceOrderPayload' as const,
    order: userErrors.length > 0 ? null : { __typename: 'Order' as const, id: orderId, number: '10042', status: redirectUrl ? 'awaiting_payment' : 'validated' },
    redirectUrl,
    userErrors,
  };
}

/** placeOrderMock answers placeOrder with exactly this input; `answered` counts the calls. */
export function placeOrderMock(input: PlaceOrderInputValue, answer: ReturnType<typeof placeOrderAnswer>, answered?: () => void, delay = 0): MockLink.MockedResponse {
  return {
    request: { query: PlaceOrderMutation, variables: { input: { galleryId: GALLERY_ID, ...input } } },
    result: () => {
      answered?.();
      return { data: { placeOrder: answer } };
    },
    delay,
    maxUsageCount: 5,
  };
}
