// The content rules shared by the server and the browser (docs/screening.md). The browser imports
// the light modules ('./name', './normalize', './rating-fields', './rules') directly and loads this entry,
// with obscenity, linkifyjs and libphonenumber, only once the rate form is on screen.

export {
  findIdentifyingDetails,
  IDENTIFYING_DETAILS_NUDGE,
  type IdentifyingDetail,
  type IdentifyingDetailKind,
  identifyingDetailKinds,
} from './identifying-details';
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
  combinedScreeningMessage,
  SCREENING_RULES,
  type ScreeningOutcome,
  type ScreeningRule,
  type ScreeningRuleName,
  screeningMessage,
} from './rules';
export {
  crossFieldRefusals,
  nameScreeningMessage,
  type RatingScreeningField,
  ratingTextRefusal,
  type ScreenedRating,
  type ScreeningContext,
  type ScreeningFinding,
  type ScreeningVerdict,
  screenRatingInput,
  screenText,
} from './screening';
