import { api, type Language } from '@nearcast/contract';
import { call } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/export/download';

/** POST /v1/finance/receipt: a payment's receipt PDF in the given language, handed to the browser as a download. */
export async function downloadReceipt(paymentId: number, language: Language): Promise<void> {
  const receipt = await call(api.finance.receipt, { payment_id: paymentId, language }, { toast: false });
  const bytes = Uint8Array.from(atob(receipt.content_base64), (char) => char.charCodeAt(0));
  saveBlob(new Blob([bytes], { type: receipt.content_type }), receipt.file_name);
}
