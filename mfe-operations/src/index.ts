// The Module Federation async boundary: the shared modules are negotiated before bootstrap's imports run.
import('./bootstrap').catch((error: unknown) => console.error('The application could not be loaded', error));
