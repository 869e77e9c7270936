/**
 * Stands in for `@faker-js/faker/locale/en`, which postman-collection loads only to fill `{{$random…}}`
 * variables. The API explorer never sends those, so every generator returns an empty string instead of
 * shipping faker's English data set to readers. CommonJS, because postman-collection require()s it.
 */
const emptyGenerator = new Proxy(function () { return ''; }, { get: () => emptyGenerator });

module.exports = emptyGenerator;
