// The content rules shared by the server and the browser (DESIGN.md sections 4 and 5). The browser imports
// the light modules ('./name', './normalize', './rating-fields', './rules') directly and loads this entry,
// with obscenity, linkifyjs and libphonenumber, only once the rate form is on screen.
export { NAME_MESSAGE, NAME_PATTERN, NAME_REQUIRED_MESSAGE } from './name';
export { containsDirectionControls, normalizeName, normalizeText } from './normalize';
export {
  DISPLAY_NAME_LABEL,
  LONG_TEXT_MAX_LENGTH,
  RATED_NAME_LABEL,
  RATING_TEXT_FIELDS,
  type RatingTextField,
  TESTIMONIAL_MAX_LENGTH,
} from './rating-fields';
export {
  SCREENING_RULES,
  type ScreeningOutcome,
  type ScreeningRule,
  type ScreeningRuleName,
  screeningMessage,
} from './rules';
export {
  fullNameRefusals,
  nameScreeningMessage,
  type RatingScreeningField,
  ratingTextRefusal,
  type ScreenedRating,
  type ScreeningFinding,
  type ScreeningVerdict,
  screenRatingInput,
  screenText,
} from './screening';
export {
  findIdentifyingDetails,
  IDENTIFYING_DETAILS_NUDGE,
  type IdentifyingDetail,
  type IdentifyingDetailKind,
  identifyingDetailKinds,
} from './identifying-details';
