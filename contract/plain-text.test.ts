import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

describe('plainText', () => {
  it('joins inline tags as text does and ends each block as a sentence', () => {
    expect(
      plainText(
        '<h2>Keep your PIN secret</h2><p>Never share your <strong>UPI</strong> PIN.</p><ul><li>Cover the keypad</li><li>Count the cash</li></ul>',
      ),
    ).toBe('Keep your PIN secret. Never share your UPI PIN. Cover the keypad. Count the cash');
  });

  it('decodes the entities sanitised HTML carries, and numeric ones (a no-break space collapses like any space)', () => {
    expect(
      plainText(
        '<p>Banks &amp; post offices &lt;never&gt; ask for &quot;OTP&quot; &#39;ever&#39; &#x20B9;500&nbsp;off</p>',
      ),
    ).toBe('Banks & post offices <never> ask for "OTP" \'ever\' ₹500 off');
  });

  it('leaves unknown or malformed entities as written', () => {
    expect(plainText('<p>&bogus; &#0; &#xZZ;</p>')).toBe('&bogus; &#0; &#xZZ;');
  });

  it('keeps Indic full stops as sentence ends', () => {
    expect(plainText('<p>पैसे बचाएँ।</p><p>सुरक्षित रहें</p>')).toBe('पैसे बचाएँ। सुरक्षित रहें');
  });
});
