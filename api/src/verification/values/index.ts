export { type AttributeValue, displayValue, leadingNumber } from './parse';
export { selectValue, ValueReader, type ValueCandidate, type ValueSource } from './reader';
