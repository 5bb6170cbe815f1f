export { SignaturePad, type SignaturePadHandle, type SignaturePadProps } from './signature-pad';
