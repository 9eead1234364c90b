/**
 * Value types of the properties predefined by the XMP Specification 2005 (Part 2, "Standard schemas"),
 * as ISO 19005-2/3 clause 6.6.2.3.1 requires them: a predefined property has to carry a value of its
 * defined type (simple, structure, array kind, language alternative). Written from the specification's
 * tables; closed and open choices are checked as their base type.
 */
import { parseXmpDate } from '../internal/pdf-date';
import type { XmlElement } from '@kontor/xml';
import { NS } from './namespaces';

const T = 'Text';
const I = 'Integer';
const R = 'Real';
const B = 'Boolean';
const D = 'Date';
const Q = 'Rational';

/** property local name → value type, per namespace */
export const PREDEFINED_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [NS.dc]: {
    contributor: 'Bag ProperName',
    coverage: T,
    creator: 'Seq ProperName',
    date: 'Seq Date',
    description: 'Lang Alt',
    format: 'MIMEType',
    identifier: T,
    language: 'Bag Locale',
    publisher: 'Bag ProperName',
    relation: 'Bag Text',
    rights: 'Lang Alt',
    source: T,
    subject: 'Bag Text',
    title: 'Lang Alt',
    type: 'Bag Text',
  },
  [NS.xmp]: {
    Advisory: 'Bag XPath',
    BaseURL: 'URL',
    CreateDate: D,
    CreatorTool: 'AgentName',
    Identifier: 'Bag Text',
    Label: T,
    MetadataDate: D,
    ModifyDate: D,
    Nickname: T,
    Rating: R,
    Thumbnails: 'Alt Thumbnail',
  },
  'http://ns.adobe.com/xap/1.0/rights/': { Certificate: 'URL', Marked: B, Owner: 'Bag ProperName', UsageTerms: 'Lang Alt', WebStatement: 'URL' },
  'http://ns.adobe.com/xap/1.0/mm/': {
    DerivedFrom: 'ResourceRef',
    DocumentID: 'URI',
    History: 'Seq ResourceEvent',
    InstanceID: 'URI',
    LastURL: 'URL',
    ManagedFrom: 'ResourceRef',
    Manager: 'AgentName',
    ManageTo: 'URI',
    ManageUI: 'URI',
    ManagerVariant: T,
    RenditionClass: 'RenditionClass',
    RenditionParams: T,
    RenditionOf: 'ResourceRef',
    SaveID: I,
    VersionID: T,
    Versions: 'Seq Version',
  },
  'http://ns.adobe.com/xap/1.0/bj/': { JobRef: 'Bag Job' },
  'http://ns.adobe.com/xap/1.0/t/pg/': { MaxPageSize: 'Dimensions', NPages: I, Fonts: 'Bag Font', Colorants: 'Seq Colorant', PlateNames: 'Seq Text' },
  'http://ns.adobe.com/xmp/1.0/DynamicMedia/': {
    projectRef: 'ProjectLink',
    videoFrameRate: T,
    videoFrameSize: 'Dimensions',
    videoPixelAspectRatio: Q,
    videoPixelDepth: T,
    videoColorSpace: T,
    videoAlphaMode: T,
    videoAlphaPremultipleColor: 'Colorant',
    videoAlphaUnityIsTransparent: B,
    videoCompressor: T,
    videoFieldOrder: T,
    pullDown: T,
    audioSampleRate: I,
    audioSampleType: T,
    audioChannelType: T,
    audioCompressor: T,
    speakerPlacement: T,
    fileDataRate: Q,
    tapeName: T,
    altTapeName: T,
    startTimecode: 'Timecode',
    altTimecode: 'Timecode',
    duration: 'Time',
    scene: T,
    shotName: T,
    shotDate: D,
    shotLocation: T,
    logComment: T,
    markers: 'Seq Marker',
    contributedMedia: 'Bag Media',
    absPeakAudioFilePath: 'URI',
    relativePeakAudioFilePath: 'URI',
    videoModDate: D,
    audioModDate: D,
    metadataModDate: D,
    artist: T,
    album: T,
    trackNumber: I,
    genre: T,
    copyright: T,
    releaseDate: D,
    composer: T,
    engineer: T,
    tempo: R,
    instrument: T,
    introTime: 'Time',
    outCue: 'Time',
    relativeTimestamp: 'Time',
    loop: B,
    numberOfBeats: R,
    key: T,
    stretchMode: T,
    timeScaleParams: 'TimeScaleStretch',
    resampleParams: 'ResampleStretch',
    beatSpliceParams: 'BeatSpliceStretch',
    timeSignature: T,
    scaleType: T,
  },
  [NS.pdf]: { Keywords: T, PDFVersion: T, Producer: 'AgentName' },
  'http://ns.adobe.com/photoshop/1.0/': {
    AuthorsPosition: T,
    CaptionWriter: 'ProperName',
    Category: T,
    City: T,
    Country: T,
    Credit: T,
    DateCreated: D,
    Headline: T,
    Instructions: T,
    Source: T,
    State: T,
    SupplementalCategories: 'Bag Text',
    TransmissionReference: T,
    Urgency: I,
  },
  'http://ns.adobe.com/camera-raw-settings/1.0/': {
    AutoBrightness: B,
    AutoContrast: B,
    AutoExposure: B,
    AutoShadows: B,
    BlueHue: I,
    BlueSaturation: I,
    Brightness: I,
    CameraProfile: T,
    ChromaticAberrationB: I,
    ChromaticAberrationR: I,
    ColorNoiseReduction: I,
    Contrast: I,
    CropTop: R,
    CropLeft: R,
    CropBottom: R,
    CropRight: R,
    CropAngle: R,
    CropWidth: R,
    CropHeight: R,
    CropUnits: I,
    Exposure: R,
    GreenHue: I,
    GreenSaturation: I,
    HasCrop: B,
    HasSettings: B,
    LuminanceSmoothing: I,
    RawFileName: T,
    RedHue: I,
    RedSaturation: I,
    Saturation: I,
    Shadows: I,
    ShadowTint: I,
    Sharpness: I,
    Temperature: I,
    Tint: I,
    ToneCurve: 'Seq Text',
    ToneCurveName: T,
    Version: T,
    VignetteAmount: I,
    VignetteMidpoint: I,
    WhiteBalance: T,
  },
  'http://ns.adobe.com/tiff/1.0/': {
    ImageWidth: I,
    ImageLength: I,
    BitsPerSample: 'Seq Integer',
    Compression: I,
    PhotometricInterpretation: I,
    Orientation: I,
    SamplesPerPixel: I,
    PlanarConfiguration: I,
    YCbCrSubSampling: 'Seq Integer',
    YCbCrPositioning: I,
    XResolution: Q,
    YResolution: Q,
    ResolutionUnit: I,
    TransferFunction: 'Seq Integer',
    WhitePoint: 'Seq Rational',
    PrimaryChromaticities: 'Seq Rational',
    YCbCrCoefficients: 'Seq Rational',
    ReferenceBlackWhite: 'Seq Rational',
    DateTime: D,
    ImageDescription: 'Lang Alt',
    Make: 'ProperName',
    Model: 'ProperName',
    Software: 'AgentName',
    Artist: 'ProperName',
    Copyright: 'Lang Alt',
  },
  'http://ns.adobe.com/exif/1.0/': {
    ExifVersion: T,
    FlashpixVersion: T,
    ColorSpace: I,
    ComponentsConfiguration: 'Seq Integer',
    CompressedBitsPerPixel: Q,
    PixelXDimension: I,
    PixelYDimension: I,
    UserComment: 'Lang Alt',
    RelatedSoundFile: T,
    DateTimeOriginal: D,
    DateTimeDigitized: D,
    ExposureTime: Q,
    FNumber: Q,
    ExposureProgram: I,
    SpectralSensitivity: T,
    ISOSpeedRatings: 'Seq Integer',
    OECF: 'OECF',
    ShutterSpeedValue: Q,
    ApertureValue: Q,
    BrightnessValue: Q,
    ExposureBiasValue: Q,
    MaxApertureValue: Q,
    SubjectDistance: Q,
    MeteringMode: I,
    LightSource: I,
    Flash: 'Flash',
    FocalLength: Q,
    SubjectArea: 'Seq Integer',
    FlashEnergy: Q,
    SpatialFrequencyResponse: 'OECF',
    FocalPlaneXResolution: Q,
    FocalPlaneYResolution: Q,
    FocalPlaneResolutionUnit: I,
    SubjectLocation: 'Seq Integer',
    ExposureIndex: Q,
    SensingMethod: I,
    FileSource: I,
    SceneType: I,
    CFAPattern: 'CFAPattern',
    CustomRendered: I,
    ExposureMode: I,
    WhiteBalance: I,
    DigitalZoomRatio: Q,
    FocalLengthIn35mmFilm: I,
    SceneCaptureType: I,
    GainControl: I,
    Contrast: I,
    Saturation: I,
    Sharpness: I,
    DeviceSettingDescription: 'DeviceSettings',
    SubjectDistanceRange: I,
    ImageUniqueID: T,
    GPSVersionID: T,
    GPSLatitude: 'GPSCoordinate',
    GPSLongitude: 'GPSCoordinate',
    GPSAltitudeRef: I,
    GPSAltitude: Q,
    GPSTimeStamp: D,
    GPSSatellites: T,
    GPSStatus: T,
    GPSMeasureMode: T,
    GPSDOP: Q,
    GPSSpeedRef: T,
    GPSSpeed: Q,
    GPSTrackRef: T,
    GPSTrack: Q,
    GPSImgDirectionRef: T,
    GPSImgDirection: Q,
    GPSMapDatum: T,
    GPSDestLatitude: 'GPSCoordinate',
    GPSDestLongitude: 'GPSCoordinate',
    GPSDestBearingRef: T,
    GPSDestBearing: Q,
    GPSDestDistanceRef: T,
    GPSDestDistance: Q,
    GPSProcessingMethod: T,
    GPSAreaInformation: T,
    GPSDifferential: I,
  },
  'http://ns.adobe.com/exif/1.0/aux/': { Lens: T, SerialNumber: T },
};

/** Fields of the structured value types whose field types are fixed (fields not listed are not checked). */
const STRUCT_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Dimensions: { w: R, h: R, unit: T },
  Thumbnail: { height: I, width: I, format: T, image: T },
  ResourceEvent: { action: T, instanceID: 'URI', parameters: T, softwareAgent: 'AgentName', when: D, changed: T },
  ResourceRef: { instanceID: 'URI', documentID: 'URI', versionID: T, renditionClass: 'RenditionClass', renditionParams: T, manager: 'AgentName', managerVariant: T, manageTo: 'URI', manageUI: 'URI' },
  Version: { comments: T, event: 'ResourceEvent', modifyDate: D, modifier: 'ProperName', version: T },
  Job: { id: T, name: T, url: 'URL' },
  Font: { fontName: T, fontFamily: T, fontFace: T, fontType: T, versionString: T, composite: B, fontFileName: T, childFontFiles: 'Seq Text' },
  Colorant: { swatchName: T, mode: T, type: T, cyan: R, magenta: R, yellow: R, black: R, red: I, green: I, blue: I, L: R, A: I, B: I },
  ProjectLink: { path: 'URI', type: T },
  Time: { value: I, scale: Q },
  Timecode: { timeValue: T, timeFormat: T },
  Marker: {},
  Media: {},
  BeatSpliceStretch: { useFileBeatsMarker: B, riseInDecibel: R, riseInTimeDuration: 'Time' },
  ResampleStretch: { quality: T },
  TimeScaleStretch: { quality: T, frameSize: R, frameOverlappingPercentage: R },
  OECF: { Columns: I, Rows: I, Names: 'Seq Text', Values: 'Seq Rational' },
  CFAPattern: { Columns: I, Rows: I, Values: 'Seq Integer' },
  DeviceSettings: { Columns: I, Rows: I, Settings: 'Seq Text' },
  Flash: { Fired: B, Return: I, Mode: I, Function: B, RedEyeMode: B },
};

const SIMPLE: Readonly<Record<string, (v: string) => boolean>> = {
  Integer: (v) => /^[+-]?\d+$/.test(v),
  Real: (v) => /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v),
  Boolean: (v) => v === 'True' || v === 'False',
  Date: (v) => parseXmpDate(v) !== undefined,
  Rational: (v) => /^[+-]?\d+\/[+-]?\d+$/.test(v),
};
const TEXTUAL = new Set([T, 'ProperName', 'AgentName', 'URI', 'URL', 'MIMEType', 'Locale', 'GUID', 'RenditionClass', 'XPath', 'GPSCoordinate']);

/** A property value: an attribute (always simple) or a property element. */
export type XmpNode = { value: string } | XmlElement;

type Shape =
  | { kind: 'simple'; text: string }
  | { kind: 'array'; container: 'Bag' | 'Seq' | 'Alt'; items: XmlElement[] }
  | { kind: 'struct'; fields: { local: string; node: XmpNode }[] }
  | { kind: 'other' };

const isRdf = (el: XmlElement, local: string) => el.ns === NS.rdf && el.local === local;

function shapeOf(node: XmpNode, depth: number): Shape {
  if (!('children' in node)) return { kind: 'simple', text: node.value.trim() };
  const el = node;
  const container = el.children.find((c) => c.ns === NS.rdf && (c.local === 'Bag' || c.local === 'Seq' || c.local === 'Alt'));
  if (container) {
    if (el.children.length !== 1) return { kind: 'other' };
    return { kind: 'array', container: container.local as 'Bag' | 'Seq' | 'Alt', items: container.children.filter((c) => isRdf(c, 'li')) };
  }
  const desc = el.children.find((c) => isRdf(c, 'Description'));
  const ownAttrs = el.attributes.filter((a) => a.ns !== NS.rdf && a.ns !== NS.xml && a.ns !== '');
  const resource = el.attr('parseType', NS.rdf) === 'Resource';
  if (resource || desc || ownAttrs.length > 0 || el.children.length > 0) {
    const holder = !resource && desc ? desc : el;
    if (holder === desc && el.children.length !== 1) return { kind: 'other' };
    const fields: { local: string; node: XmpNode }[] = [];
    for (const a of holder.attributes) if (a.ns !== NS.rdf && a.ns !== NS.xml && a.ns !== '') fields.push({ local: a.local, node: { value: a.value } });
    for (const c of holder.children) fields.push({ local: isRdf(c, 'value') ? '\u0000value' : c.local, node: c });
    // a qualified simple value: rdf:value plus qualifiers
    const value = fields.find((f) => f.local === '\u0000value');
    if (value && depth < 8) return shapeOf(value.node, depth + 1);
    return { kind: 'struct', fields };
  }
  const res = el.attr('resource', NS.rdf);
  return { kind: 'simple', text: (res ?? el.text).trim() };
}

/** true when `node` holds a value of XMP value type `type` (as named in PREDEFINED_TYPES). */
export function hasValueType(node: XmpNode, type: string, depth = 0): boolean {
  if (depth > 16) return true;
  const shape = shapeOf(node, depth);
  if (type === 'Lang Alt') {
    return shape.kind === 'array' && shape.container === 'Alt' && shape.items.every((li) => li.attr('lang', NS.xml) !== undefined && shapeOf(li, depth + 1).kind === 'simple');
  }
  const arr = /^(Bag|Seq|Alt) (.+)$/.exec(type);
  if (arr) return shape.kind === 'array' && shape.container === arr[1] && shape.items.every((li) => hasValueType(li, arr[2]!, depth + 1));
  const simple = SIMPLE[type];
  if (simple) return shape.kind === 'simple' && simple(shape.text);
  if (TEXTUAL.has(type)) return shape.kind === 'simple';
  const fields = STRUCT_FIELDS[type];
  if (fields) return shape.kind === 'struct' && shape.fields.every((f) => fields[f.local] === undefined || hasValueType(f.node, fields[f.local]!, depth + 1));
  return true;
}

/** The predefined value type of a property, or undefined when the property is not in the XMP 2005 tables. */
export function predefinedType(uri: string, local: string): string | undefined {
  return PREDEFINED_TYPES[uri]?.[local];
}
