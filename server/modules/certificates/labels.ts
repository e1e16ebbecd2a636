// The certificate's own words, in the course's language: a learner reads their certificate in the
// language they learnt in, each language in its own script. The words are those a certifying body
// writing that language uses (short and formal); the number and completion date labels are the
// verification page's words for the same things (web/i18n/locales/<lang>/profile.json:
// certificateNumber, verifyDate), so the page and the paper it checks agree.
import type { LanguageCode } from '../../../contract/languages';

export interface CertificateLabels {
  /** The programme's description under its name. */
  programme: string;
  title: string;
  /** Before the learner's name. */
  certify: string;
  /** Between the name and the course title: the course title follows it. */
  completed: string;
  completedOn: string;
  number: string;
  /** A reissue's line (ADR 20): the date is written for the language. */
  reissued: (date: string) => string;
  /** Under the QR code. */
  scan: string;
}

export const CERTIFICATE_LABELS: Record<LanguageCode, CertificateLabels> = {
  en: {
    programme: 'Financial literacy and cyber-safety programme',
    title: 'Certificate of Completion',
    certify: 'This is to certify that',
    completed: 'has successfully completed',
    completedOn: 'Completed on',
    number: 'Certificate number',
    reissued: (date) => `Reissued on ${date} (name corrected)`,
    scan: 'Scan or visit to verify',
  },
  hi: {
    programme: 'वित्तीय साक्षरता और साइबर सुरक्षा कार्यक्रम',
    title: 'पूर्णता प्रमाणपत्र',
    certify: 'प्रमाणित किया जाता है कि',
    completed: 'ने निम्नलिखित पाठ्यक्रम सफलतापूर्वक पूरा किया है',
    completedOn: 'पूरा होने की तारीख',
    number: 'प्रमाणपत्र नंबर',
    reissued: (date) => `${date} को दोबारा जारी (नाम में सुधार)`,
    scan: 'जाँच के लिए स्कैन करें या यह पता खोलें',
  },
  bn: {
    programme: 'আর্থিক সাক্ষরতা ও সাইবার সুরক্ষা কর্মসূচি',
    title: 'কোর্স সমাপ্তির সার্টিফিকেট',
    certify: 'এই মর্মে প্রত্যয়ন করা যাচ্ছে যে',
    completed: 'নিম্নলিখিত কোর্সটি সফলভাবে সম্পন্ন করেছেন',
    completedOn: 'শেষ করার তারিখ',
    number: 'সার্টিফিকেট নম্বর',
    reissued: (date) => `${date} তারিখে আবার জারি (নাম সংশোধিত)`,
    scan: 'যাচাই করতে স্ক্যান করুন বা এই ঠিকানায় যান',
  },
  gj: {
    programme: 'નાણાકીય સાક્ષરતા અને સાયબર સુરક્ષા કાર્યક્રમ',
    title: 'અભ્યાસક્રમ પૂર્ણતા પ્રમાણપત્ર',
    certify: 'આથી પ્રમાણિત કરવામાં આવે છે કે',
    completed: 'નીચેનો અભ્યાસક્રમ સફળતાપૂર્વક પૂર્ણ કર્યો છે',
    completedOn: 'પૂરો કર્યાની તારીખ',
    number: 'પ્રમાણપત્ર નંબર',
    reissued: (date) => `${date} ના રોજ ફરી જારી (નામમાં સુધારો)`,
    scan: 'ખરાઈ માટે સ્કેન કરો અથવા આ સરનામું ખોલો',
  },
  kn: {
    programme: 'ಆರ್ಥಿಕ ಸಾಕ್ಷರತೆ ಮತ್ತು ಸೈಬರ್ ಸುರಕ್ಷತೆ ಕಾರ್ಯಕ್ರಮ',
    title: 'ಕೋರ್ಸ್ ಪೂರ್ಣಗೊಳಿಸಿದ ಪ್ರಮಾಣಪತ್ರ',
    certify: 'ಈ ಮೂಲಕ ಪ್ರಮಾಣೀಕರಿಸುವುದೇನೆಂದರೆ',
    completed: 'ಇವರು ಈ ಕೆಳಗಿನ ಕೋರ್ಸ್ ಅನ್ನು ಯಶಸ್ವಿಯಾಗಿ ಪೂರ್ಣಗೊಳಿಸಿದ್ದಾರೆ',
    completedOn: 'ಪೂರ್ಣಗೊಂಡ ದಿನಾಂಕ',
    number: 'ಪ್ರಮಾಣಪತ್ರ ಸಂಖ್ಯೆ',
    reissued: (date) => `${date} ರಂದು ಮರು ನೀಡಲಾಗಿದೆ (ಹೆಸರು ತಿದ್ದುಪಡಿ)`,
    scan: 'ಪರಿಶೀಲಿಸಲು ಸ್ಕ್ಯಾನ್ ಮಾಡಿ',
  },
  ml: {
    programme: 'സാമ്പത്തിക സാക്ഷരതാ, സൈബർ സുരക്ഷാ പരിപാടി',
    title: 'കോഴ്സ് പൂർത്തീകരണ സർട്ടിഫിക്കറ്റ്',
    certify: 'ഇതിനാൽ സാക്ഷ്യപ്പെടുത്തുന്നു',
    completed: 'താഴെപ്പറയുന്ന കോഴ്സ് വിജയകരമായി പൂർത്തിയാക്കിയിരിക്കുന്നു',
    completedOn: 'പൂർത്തിയാക്കിയ തീയതി',
    number: 'സർട്ടിഫിക്കറ്റ് നമ്പർ',
    reissued: (date) => `${date}-ന് വീണ്ടും നൽകിയത് (പേര് തിരുത്തി)`,
    scan: 'പരിശോധിക്കാൻ സ്കാൻ ചെയ്യുക',
  },
  mh: {
    programme: 'आर्थिक साक्षरता आणि सायबर सुरक्षा कार्यक्रम',
    title: 'पूर्णता प्रमाणपत्र',
    certify: 'प्रमाणित करण्यात येते की',
    completed: 'यांनी खालील अभ्यासक्रम यशस्वीरीत्या पूर्ण केला आहे',
    completedOn: 'पूर्ण झाल्याची तारीख',
    number: 'प्रमाणपत्र क्रमांक',
    reissued: (date) => `${date} रोजी पुन्हा जारी (नावात दुरुस्ती)`,
    scan: 'पडताळणीसाठी स्कॅन करा किंवा हा पत्ता उघडा',
  },
  od: {
    programme: 'ଆର୍ଥିକ ସାକ୍ଷରତା ଓ ସାଇବର ସୁରକ୍ଷା କାର୍ଯ୍ୟକ୍ରମ',
    title: 'ସମାପ୍ତି ପ୍ରମାଣପତ୍ର',
    certify: 'ଏତଦ୍ୱାରା ପ୍ରମାଣିତ କରାଯାଉଛି ଯେ',
    completed: 'ନିମ୍ନଲିଖିତ ପାଠ୍ୟକ୍ରମ ସଫଳତାର ସହ ସମ୍ପୂର୍ଣ୍ଣ କରିଛନ୍ତି',
    completedOn: 'ସମ୍ପୂର୍ଣ୍ଣ ହେବା ତାରିଖ',
    number: 'ପ୍ରମାଣପତ୍ର ନମ୍ବର',
    reissued: (date) => `${date} ରେ ପୁଣି ଜାରି (ନାମ ସଂଶୋଧିତ)`,
    scan: 'ଯାଞ୍ଚ ପାଇଁ ସ୍କାନ କରନ୍ତୁ ବା ଏହି ଠିକଣା ଖୋଲନ୍ତୁ',
  },
  tm: {
    programme: 'நிதிக் கல்வியறிவு மற்றும் இணையப் பாதுகாப்புத் திட்டம்',
    title: 'நிறைவுச் சான்றிதழ்',
    certify: 'சான்றளிக்கப்படுவது யாதெனில்',
    completed: 'கீழ்க்காணும் பாடநெறியை வெற்றிகரமாக நிறைவு செய்துள்ளார்',
    completedOn: 'முடித்த தேதி',
    number: 'சான்றிதழ் எண்',
    reissued: (date) => `${date} அன்று மீண்டும் வழங்கப்பட்டது (பெயர் திருத்தம்)`,
    scan: 'சரிபார்க்க ஸ்கேன் செய்யவும்',
  },
  tl: {
    programme: 'ఆర్థిక అక్షరాస్యత మరియు సైబర్ భద్రత కార్యక్రమం',
    title: 'కోర్సు పూర్తి సర్టిఫికెట్',
    certify: 'ఇందుమూలంగా ధ్రువీకరించడమేమనగా',
    completed: 'ఈ క్రింది కోర్సును విజయవంతంగా పూర్తి చేశారు',
    completedOn: 'పూర్తి చేసిన తేదీ',
    number: 'సర్టిఫికెట్ నంబర్',
    reissued: (date) => `${date} న మళ్లీ జారీ చేయబడింది (పేరు సవరణ)`,
    scan: 'ధ్రువీకరించడానికి స్కాన్ చేయండి',
  },
};
