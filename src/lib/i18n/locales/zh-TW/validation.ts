// Namespace `validation`: shared by server replies and console forms. {{field}} is the field's label.
export default {
  required: '{{field}}不能為空',
  invalid: '{{field}}格式不正確',
  tooShort: '{{field}}長度不能少於{{min}}個字元',
  tooLong: '{{field}}長度不能超過{{max}}個字元',
  length: '{{field}}長度必須介於 {{min}} 和 {{max}} 之間',
  email: '請輸入正確的郵箱地址',
  phone: '請輸入正確的手機號碼',
  code: '{{field}}只能包含字母、數字和底線',
  lettersDigits: '{{field}}只能包含字母和數字',
  url: '請輸入正確的網址',
  passwordMismatch: '兩次輸入的密碼不一致',
  selectFirst: '請至少選擇一條記錄',
};
