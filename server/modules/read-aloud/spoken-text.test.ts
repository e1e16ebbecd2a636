import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import { phonemes } from './speech-engine';
import { splitSentences, spokenForm } from './spoken-text';

describe('sentences in each language', () => {
  it('ends a Hindi, Marathi, Bengali or Odia sentence at the danda, and the others at the full stop', () => {
    expect(splitSentences('बैंक कभी ओटीपी नहीं माँगता। 1930 पर कॉल करें॥ क्या आप जानते हैं?')).toEqual([
      'बैंक कभी ओटीपी नहीं माँगता।',
      '1930 पर कॉल करें॥',
      'क्या आप जानते हैं?',
    ]);
    expect(splitSentences('এটা জরুরি। তাড়াতাড়ি করুন!')).toEqual(['এটা জরুরি।', 'তাড়াতাড়ি করুন!']);
    expect(splitSentences('எந்த வங்கியும் கேட்காது. உடனே அழைக்கவும்.')).toEqual(['எந்த வங்கியும் கேட்காது.', 'உடனே அழைக்கவும்.']);
  });

  it('does not end a sentence inside an amount, an address, an abbreviation or before a closing quote', () => {
    expect(splitSentences('Pay Rs. 2.50 to Dr. Rao at cybercrime.gov.in today. He said "stop." Then go.')).toEqual([
      'Pay Rs. 2.50 to Dr. Rao at cybercrime.gov.in today.',
      'He said "stop."',
      'Then go.',
    ]);
    expect(splitSentences('रु. 500 दें। ठीक')).toEqual(['रु. 500 दें।', 'ठीक']);
  });

  it('has no sentence in a text of spaces, and one in a text without an end mark', () => {
    expect(splitSentences('  \n ')).toEqual([]);
    expect(splitSentences(' Call 1930 ')).toEqual(['Call 1930']);
  });
});

describe('numbers, the rupee and the helpline as each language says them', () => {
  it('says an amount in rupees after the number, without its grouping commas', () => {
    expect(spokenForm('hi', '₹1,00,000 का इनाम')).toBe('100000 रुपये का इनाम');
    expect(spokenForm('en', 'Pay Rs. 1 or INR 2,500.50 now')).toBe('Pay 1 rupee or 2500.50 rupees now');
    expect(spokenForm('tm', 'ரூ. 500 அனுப்பாதீர்கள்')).toBe('500 ரூபாய் அனுப்பாதீர்கள்');
    expect(spokenForm('en', 'Pay ₹ 1930')).toBe('Pay 1930 rupees'); // an amount, not the helpline
  });

  it('says the helplines and mobile numbers digit by digit, in any script, but not other numbers', () => {
    expect(spokenForm('en', 'Call 1930.')).toBe('Call 1 9 3 0.');
    expect(spokenForm('hi', '१९३० पर कॉल करें')).toBe('1 9 3 0 पर कॉल करें');
    expect(spokenForm('en', 'or 112, or +91 98765 43210')).toBe('or 1 1 2, or 9 8 7 6 5 4 3 2 1 0');
    expect(spokenForm('en', '19300 people, 11,930 and 1930.5 km')).toBe('19300 people, 11930 and 1930.5 km');
  });

  // The word list, read back by the engine: what each language says for ₹500, the helpline 1930 and
  // ₹1,00,000 (one lakh), in eSpeak NG's IPA. A change of engine or of the rules shows here first.
  const SAID: Record<LanguageCode, [string, string, string]> = {
    en: [
      'f_ˈaɪ_v_h_ˈʌ_n_d_ɹ_ɪ_d ɹ_ˈuː_p_iː_z',
      'w_ˈɒ_n n_ˈaɪ_n θ_ɹ_ˈiː z_ˈiə_ɹ_əʊ',
      'w_ˈɒ_n_h_ˈʌ_n_d_ɹ_ɪ_d θ_ˈaʊ_z_ə_n_d ɹ_ˈuː_p_iː_z',
    ],
    hi: ['p_ˈã_c_s_ˈɔː ɾ_ˈʊ_p_j_ˌeː', 'ˈeː_k n_ˈɔː t_ˈiː_n ʃ_ˈuː_n_j_ə', 'ˈeː_k l_ˈaː_kʰ ɾ_ˈʊ_p_j_ˌeː'],
    bn: ['p_ˈã_tʃ_ʃ_ˈo ʈ_ˈa_k_a', 'ˈæ_k n_ˈɔ_j t_ˈi_n ʃ_ˈu_n_j_ɔ', 'ˈæ_k l_ˈa_kʰ ʈ_ˈa_k_a'],
    gj: ['p_ˈaː_ɲ_c_s_ˈoː ɾ_uː_p_ˈɪ_j_aː', 'ˈeː_k n_ˈʌ_u t_ɾ_ˈə_ɳ ʃ_ˈuː_n_j_ə', 'ˈeː_k l_ˈaː_k_h ɾ_uː_p_ˈɪ_j_aː'],
    kn: [
      'ˈaɪ_n_uː_ɹ_u ɹ_ˈuː_p_aː_j_i',
      'ˈo_n_d_u ˈo_m_b_ɐ_tʰː_u m_ˈuː_ɹ_u s_ˈo_n_n_e',
      'ˈo_n_d_u l_ˈɐ_k_ʃ_ɐ ɹ_ˈuː_p_aː_j_i',
    ],
    ml: [
      'ɐ_ɲ_j_ˈuː_ɾ_ɨ ɾ_ˈuː_b_ɐ',
      'ˈo_n_n_ɨ ˈo_n_p_ɐ_t_ɨ m_ˈuː_n_n_ɨ p_ˈuː_ɟ_j_ə_m',
      'ˈo_n_n_ɨ l_ˈɐ_k_ʂ_ə_m ɾ_ˈuː_b_ɐ',
    ],
    mh: ['p_ˈaː_c_ʃ_ˈeː ɾ_ˈʊ_p_j_ˌeː', 'ˈeː_k n_ˈʌ_u t_ˈiː_n ʃ_ˈuː_n_j_ə', 'ˈeː_k l_ˈaː_kʰ ɾ_ˈʊ_p_j_ˌeː'],
    od: ['p_ˈa_n_tʃ_ɔ_s_ˈɔ_h_ɔ t_ˈɔ_ŋ_k_a', 'ˈe_k_ɔ n_ˈɔ t_ˈi_n_i ʃ_ˈu_n_j_ɔ', 'ˈe_k_ɔ l_ˈʌ_kʰ_kʰ_ɔ t_ˈɔ_ŋ_k_a'],
    tm: [
      'ˈaɪ_n_uː_r_ʉ ɹ_ˈuː_b_aː_j',
      'ˈo_n_r_ʉ ˈo_n_b_ʌ_ɖ_ʉ m_ˈuː_n_r_ʉ s_ˈu_ɻ_i_j_ə_m',
      'ˈo_ɹ_ʉ_l_ˌʌ_ɖ_tʃ_ə_m ɹ_ˈuː_b_aː_j',
    ],
    tl: [
      'ˈaɪ_d_u_ʋ_ˌa_n_d_a_l_u r_ˈuː_p_aː_j_ˌa_l_u',
      'ˈo_k_a_ʈ_i t_ˈo_m_m_i_d_i m_ˈuː_ɖ_u s_ˈu_n_n_a',
      'l_ˈa_k_ʂ_a r_ˈuː_p_aː_j_ˌa_l_u',
    ],
  };

  for (const lang of LANGUAGE_CODES) {
    it(`in ${lang}: ₹500, 1930 and ₹1,00,000 read back as the word list says`, async () => {
      const said = await Promise.all(
        ['₹500', '1930', '₹1,00,000'].map((text) => phonemes(lang, spokenForm(lang, text))),
      );
      expect(said).toEqual(SAID[lang].map((ipa) => ipa.normalize('NFC')));
      // Not the year (one thousand nine hundred and thirty) the engine reads from the bare number.
      expect(said[1]).not.toBe(await phonemes(lang, '1930'));
    });
  }
});
