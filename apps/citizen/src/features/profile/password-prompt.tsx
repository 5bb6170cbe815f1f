import { PASSWORD_PLACEHOLDER, validatePassword } from '@hall/domain';
import { Button, Dialog } from 'antd-mobile';
import { Input } from '@hall/ui';
import { useState } from 'react';

const ASK_REGISTERED = '请输入您注册时设置的密码';
const ASK_NEW = '请设置登录密码';
const REGISTERED_EMPTY = '请输入注册时设置的密码';

interface PromptProps {
  /** A registered web user (iswebuser '1') confirms the registration password; others set one. */
  registered: boolean;
  onCancel: () => void;
  onConfirm: (password: string) => void;
}

function PasswordPrompt({ registered, onCancel, onConfirm }: PromptProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function confirm() {
    const problem = registered ? (password ? null : REGISTERED_EMPTY) : validatePassword(password);
    if (problem) {
      setError(problem);
      return;
    }
    onConfirm(password);
  }

  return (
    <form
      className="hall-password-prompt"
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
      <label htmlFor="profile-password" className="hall-password-prompt__label">
        {registered ? ASK_REGISTERED : ASK_NEW}
      </label>
      <Input
        id="profile-password"
        className="hall-password-prompt__input"
        type="password"
        placeholder={PASSWORD_PLACEHOLDER}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setError(null);
        }}
        autoComplete={registered ? 'current-password' : 'new-password'}
        maxLength={64}
        clearable
        aria-describedby={error ? 'profile-password-error' : undefined}
      />
      <p id="profile-password-error" className="hall-password-prompt__error" role="alert">
        {error ?? ''}
      </p>
      <div className="hall-password-prompt__actions">
        <Button fill="none" size="large" onClick={onCancel}>
          取消
        </Button>
        <Button fill="none" size="large" color="primary" type="submit">
          确定
        </Button>
      </div>
    </form>
  );
}

/** Asks for the password that goes with a profile save; null when the citizen cancels. */
export function askPassword(registered: boolean): Promise<string | null> {
  return new Promise((resolve) => {
    const handler = Dialog.show({
      title: '提示',
      'aria-label': '提示',
      className: 'hall-password-dialog',
      closeOnMaskClick: false,
      content: (
        <PasswordPrompt
          registered={registered}
          onCancel={() => {
            handler.close();
            resolve(null);
          }}
          onConfirm={(password) => {
            handler.close();
            resolve(password);
          }}
        />
      ),
    });
  });
}
