import { AuthMessage } from '@shop/contracts';
import { passwordProblem } from './password-policy';

describe('passwordProblem', () => {
  it('refuses the common passwords of the maintained list, whatever their case or compatibility form', () => {
    for (const common of ['password123', 'Password123', 'QWERTY123', 'iloveyou', 'ｐａｓｓｗｏｒｄ１２３']) {
      expect({ common, problem: passwordProblem(common, 'owner') }).toEqual({ common, problem: AuthMessage.CommonPassword });
    }
  });

  it('refuses the username as the password', () => {
    expect(passwordProblem('Island-Owner', 'island-owner')).toBe(AuthMessage.PasswordIsUsername);
  });

  it('takes a password of the owner\'s own', () => {
    expect(passwordProblem('sorrel-and-ginger-beer', 'owner')).toBeNull();
    expect(passwordProblem('breadfruit-and-saltfish-2026', 'owner')).toBeNull();
  });
});
