/** The popup picker of online reports (JeecgBoot's JPopup) and the field that fills itself from it. */
export { clearPopupCache, dictText, groupGet, popupValues, type PopupRow } from './api';
export { PopupField, type PopupFieldProps } from './PopupField';
export { PopupPicker, POPUP_PAGE_SIZES, type PopupParams, type PopupPickerProps } from './PopupPicker';
