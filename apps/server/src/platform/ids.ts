const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id is shaped like our row ids; a malformed one is answered like a record the caller cannot see. */
export const isUuid = (value: string): boolean => UUID.test(value);
