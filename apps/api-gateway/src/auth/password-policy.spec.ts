import { AuthMessage } from '@shop/contracts';
import { passwordProblem } from './password-policy';

describe('passwordProblem', () => {
  it('refuses the common passwords of the maintained list, whatever their case or compatibility form', async () => {
    for (const common of ['password123', 'Password123', 'QWERTY123', 'iloveyou', 'ｐａｓｓｗｏｒｄ１２３']) {
      expect({ common, problem: await passwordProblem(common, 'owner') }).toEqual({ common, problem: AuthMessage.CommonPassword });
    }
  });

  it('refuses the username as the password', async () => {
    expect(await passwordProblem('Island-Owner', 'island-owner')).toBe(AuthMessage.PasswordIsUsername);
  });

  it('takes a password of the owner\'s own', async () => {
    expect(await passwordProblem('sorrel-and-ginger-beer', 'owner')).toBeNull();
    expect(await passwordProblem('breadfruit-and-saltfish-2026', 'owner')).toBeNull();
  });
});
