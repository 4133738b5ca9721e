#!/usr/bin/env bash
# Issue #8's critical findings, replayed by curl against a running server (README "Security probe").
#   CAPTCHA_ENABLED=false npm start        # in another terminal, on a fresh data dir
#   bash scripts/probe-critical.sh [http://127.0.0.1:8090]
# Prints one line per check and exits non-zero when any fails. Needs curl and jq.
set -uo pipefail
API="${1:-http://127.0.0.1:8090}/prod-api"
ADMIN_PW="${ADMIN_PASSWORD:-admin123}"
NEW_ADMIN_PW='Probe#Root2026x'
MGR_PW='Probe#Mgr2026x'
failures=0

STATUS=$(mktemp)
trap 'rm -f "$STATUS"' EXIT
call() { # method path token [json] -> body on stdout; "<http> <seconds>" in $STATUS
  local method=$1 path=$2 token=$3 body=${4:-}
  local args=(-s -m 10 -X "$method" -H 'accept-language: en' -H 'repeatSubmit: false' -w '\n%{http_code} %{time_total}')
  [ -n "$token" ] && args+=(-H "Authorization: Bearer $token")
  [ -n "$body" ] && args+=(-H 'content-type: application/json' --data "$body")
  local out; out=$(curl "${args[@]}" "$API$path")
  printf '%s\n' "$out" | sed '$d'
  printf '%s\n' "$out" | tail -n1 >"$STATUS"
}
check() { # label condition-result
  if [ "$2" = ok ]; then echo "PASS  $1"; else echo "FAIL  $1 ($2)"; failures=$((failures + 1)); fi
}
login() { call POST /login '' "{\"username\":\"$1\",\"password\":\"$2\",\"code\":\"\",\"uuid\":\"\"}" | jq -r 'if (.data|type) == "string" then .data else (.token // empty) end'; }

# The seeded admin signs in and makes the forced password change.
admin=$(login admin "$ADMIN_PW")
[ -z "$admin" ] && admin=$(login admin "$NEW_ADMIN_PW") || call PUT /system/user/profile/updatePwd "$admin" "{\"oldPassword\":\"$ADMIN_PW\",\"newPassword\":\"$NEW_ADMIN_PW\",\"confirmPassword\":\"$NEW_ADMIN_PW\"}" >/dev/null
admin=$(login admin "$NEW_ADMIN_PW")
[ -n "$admin" ] || { echo "cannot sign in as admin"; exit 2; }

# An own-department user manager in the admin's department (100): every user and department permission, scope 3.
menus=$(call GET '/system/menu/list?pageSize=1000' "$admin" | jq -c '[.data.rows[] | select((.perms // "") | (startswith("system:user") or startswith("system:dept"))) | .menuId] + [.data.rows[] | select(.path == "system" or .path == "user" or .path == "dept") | .menuId]')
call POST /system/role "$admin" "{\"roleName\":\"Probe manager\",\"roleKey\":\"probe_mgr\",\"roleSort\":9,\"status\":\"0\",\"dataScope\":\"3\",\"menuIds\":$menus}" >/dev/null
roleId=$(call GET '/system/role/list?roleKey=probe_mgr' "$admin" | jq -r '.data.rows[0].roleId')
call POST /system/user "$admin" "{\"userName\":\"probe_mgr\",\"nickName\":\"Probe\",\"password\":\"$MGR_PW\",\"deptId\":100,\"status\":\"0\",\"roleIds\":[$roleId]}" >/dev/null
# The new user's first sign-in asks for a new password; the manager makes it.
mgr=$(login probe_mgr "$MGR_PW")
call PUT /system/user/profile/updatePwd "$mgr" "{\"oldPassword\":\"$MGR_PW\",\"newPassword\":\"$MGR_PW-2\",\"confirmPassword\":\"$MGR_PW-2\"}" >/dev/null
mgr=$(login probe_mgr "$MGR_PW-2")
[ -n "$mgr" ] || { echo "cannot sign in as probe_mgr"; exit 2; }
target=$(call GET '/system/user/list?userName=probe_mgr' "$admin" | jq -r '.data.rows[0].userId')

# Critical 1: non-admin writes answer within a second, and the server keeps answering.
for req in "PUT /system/user {\"userId\":$target,\"userName\":\"probe_mgr\",\"nickName\":\"Probe 2\",\"deptId\":100,\"roleIds\":[$roleId]}" "DELETE /system/user [999999]" "DELETE /system/dept [999999]"; do
  read -r m p b <<<"$req"
  call "$m" "$p" "$mgr" "${b:-}" >/dev/null; read -r code secs <"$STATUS"
  check "scoped $m $p answers in ${secs}s (HTTP $code)" "$(awk -v s="$secs" 'BEGIN{print (s<1 && s>0) ? "ok" : "slow"}')"
done
call GET /captchaImage '' >/dev/null; read -r code secs <"$STATUS"
check "anonymous GET /captchaImage still answers (HTTP $code, ${secs}s)" "$([ "$code" = 200 ] && echo ok || echo "http $code")"

# Critical 2: the own-department manager cannot reach the admin by any path.
refused() { # label method path body -> the reply's code must not be 200
  local reply code; reply=$(call "$2" "$3" "$mgr" "${4:-}"); code=$(jq -r '.code' <<<"$reply")
  check "manager: $1 refused (code $code: $(jq -r '.msg' <<<"$reply"))" "$([ "$code" != 200 ] && echo ok || echo 'it was allowed')"
}
refused 'reset the admin password' PUT /system/user/resetPwd '{"userId":1,"password":"Taken#Over2026"}'
refused 'disable the admin' PUT /system/user/changeStatus '{"userId":1,"status":"1"}'
refused 'edit the admin' PUT /system/user '{"userId":1,"userName":"admin","nickName":"x","deptId":100,"roleIds":[]}'
refused 'delete the admin' DELETE /system/user '[1]'
refused 'create a user with the admin role' POST /system/user '{"userName":"probe_helper","nickName":"h","password":"Helper#2026xy","deptId":100,"roleIds":[1]}'
refused 'create a user with a broader-scoped role (editor, scope 4)' POST /system/user '{"userName":"probe_helper2","nickName":"h","password":"Helper#2026xy","deptId":100,"roleIds":[2]}'
code=$(call POST /login '' '{"username":"admin","password":"Taken#Over2026","code":"","uuid":""}' | jq -r '.code')
check "admin cannot be signed in with the manager's password (code $code)" "$([ "$code" != 200 ] && echo ok || echo 'signed in')"

echo "$failures failure(s)"
exit $((failures > 0))
