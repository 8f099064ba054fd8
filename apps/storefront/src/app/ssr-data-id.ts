/** Id of the `<script type="application/json">` that carries the server's route data to the browser. */
export const SSR_DATA_ID = 'ssr-data';
