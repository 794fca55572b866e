/** All SQL of the catalogue, one file per job under repository/; every function takes the database or a transaction. */
export * from './repository/search.js';
export * from './repository/listing.js';
export * from './repository/versions.js';
export * from './repository/products.js';
export * from './repository/views.js';
export * from './repository/clicks.js';
