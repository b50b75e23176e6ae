export const GOOGLE_TEST_JWKS_URL = "https://google-jwks.test/oauth2/v3/certs";
export const GOOGLE_TEST_CLIENT_ID = "test-client.apps.googleusercontent.com";
