import { loginBody } from '/work/main/src/lib/validators/auth.ts'; console.log(loginBody.safeParse({}));
