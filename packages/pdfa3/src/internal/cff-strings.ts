/**
 * The first 229 CFF standard strings (Adobe Technical Note 5176, Appendix A: SIDs 0-228, the ISOAdobe
 * character set) and SIDs 379-390; the expert strings 229-378 are not listed (names unknown here).
 */
const ISO_ADOBE = (
  '.notdef space exclam quotedbl numbersign dollar percent ampersand quoteright parenleft parenright asterisk plus comma hyphen period slash ' +
  'zero one two three four five six seven eight nine colon semicolon less equal greater question at ' +
  'A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore quoteleft ' +
  'a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde ' +
  'exclamdown cent sterling fraction yen florin section currency quotesingle quotedblleft guillemotleft guilsinglleft guilsinglright fi fl ' +
  'endash dagger daggerdbl periodcentered paragraph bullet quotesinglbase quotedblbase quotedblright guillemotright ellipsis perthousand ' +
  'questiondown grave acute circumflex tilde macron breve dotaccent dieresis ring cedilla hungarumlaut ogonek caron emdash ' +
  'AE ordfeminine Lslash Oslash OE ordmasculine ae dotlessi lslash oslash oe germandbls ' +
  'onesuperior logicalnot mu trademark Eth onehalf plusminus Thorn onequarter divide brokenbar degree thorn threequarters twosuperior ' +
  'registered minus eth multiply threesuperior copyright ' +
  'Aacute Acircumflex Adieresis Agrave Aring Atilde Ccedilla Eacute Ecircumflex Edieresis Egrave Iacute Icircumflex Idieresis Igrave ' +
  'Ntilde Oacute Ocircumflex Odieresis Ograve Otilde Scaron Uacute Ucircumflex Udieresis Ugrave Yacute Ydieresis Zcaron ' +
  'aacute acircumflex adieresis agrave aring atilde ccedilla eacute ecircumflex edieresis egrave iacute icircumflex idieresis igrave ' +
  'ntilde oacute ocircumflex odieresis ograve otilde scaron uacute ucircumflex udieresis ugrave yacute ydieresis zcaron'
).split(' ');

const TAIL = '001.000 001.001 001.002 001.003 Black Bold Book Light Medium Regular Roman Semibold'.split(' ');

/** Name of a standard SID, or undefined (expert strings, or SID >= 391). */
export function standardString(sid: number): string | undefined {
  if (sid < ISO_ADOBE.length) return ISO_ADOBE[sid];
  if (sid >= 379 && sid <= 390) return TAIL[sid - 379];
  return undefined;
}

export const ISO_ADOBE_COUNT = ISO_ADOBE.length;
