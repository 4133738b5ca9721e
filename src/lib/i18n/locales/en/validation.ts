// Namespace `validation`: shared by server replies and console forms. {{field}} is the field's label.
export default {
  required: '{{field}} cannot be empty',
  invalid: '{{field}} is not in a valid format',
  tooShort: '{{field}} must be at least {{min}} characters',
  tooLong: '{{field}} cannot exceed {{max}} characters',
  length: '{{field}} must be between {{min}} and {{max}} characters',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid mobile phone number',
  code: '{{field}} may contain only letters, digits and underscores',
  lettersDigits: '{{field}} may contain only letters and digits',
  url: 'Please enter a valid URL',
  passwordMismatch: 'The two passwords were inconsistent',
  selectFirst: 'Select at least one record first',
};
